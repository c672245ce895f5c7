/** Two-step login (docs/decisions/063): the authenticator app's code, the recovery codes, the login's challenge. */
import { z } from 'zod';
import { LIMITS } from '../limits';
import { MESSAGES } from '../messages';
import { zText } from './common';

/** A code typed by a person: six digits from the app, or a recovery code (spaces and dashes are allowed and ignored). */
export const zSecondStepCode = () =>
  z
    .string({ error: MESSAGES.secondStepCodeRequired })
    .trim()
    .min(1, MESSAGES.secondStepCodeRequired)
    .max(LIMITS.secondStepCodeMaxLength, MESSAGES.secondStepCodeWrong);

export const ZSecondStepStatusSchema = z.object({
  /** The second step is on: every login asks for a code. */
  enabled: z.boolean(),
  /** This account must turn it on before it may use the admin's API (REQUIRE_ADMIN_2FA). */
  required: z.boolean(),
  /** Recovery codes not used yet (0 when it is off). */
  recoveryCodesLeft: z.number().int(),
});
export type TSecondStepStatus = z.infer<typeof ZSecondStepStatusSchema>;

export const ZSecondStepSetupSchema = z.object({
  /** The secret in base32, for typing it into the app by hand. */
  secret: z.string(),
  /** The otpauth:// URI the QR code carries. */
  uri: z.string(),
});
export type TSecondStepSetup = z.infer<typeof ZSecondStepSetupSchema>;

/** The account's current password, asked again before the second step is turned on or off. */
const zCurrentPassword = () =>
  z
    .string({ error: MESSAGES.requiredFields })
    .min(1, MESSAGES.requiredFields)
    .max(LIMITS.passwordMaxLength, MESSAGES.secondStepWrongPassword);

/**
 * POST /api/user/2fa/setup/: the current password, so that a session alone (a token taken from someone's browser) can
 * neither see a new secret nor bind the account to another authenticator.
 */
export const ZSecondStepSetupInputSchema = z.object({ password: zCurrentPassword() });
export type TSecondStepSetupInput = z.infer<typeof ZSecondStepSetupInputSchema>;

/** POST /api/user/2fa/enable/: a first code from the app, and the current password again. */
export const ZSecondStepEnableSchema = z.object({ code: zSecondStepCode(), password: zCurrentPassword() });
export type TSecondStepEnable = z.infer<typeof ZSecondStepEnableSchema>;

export const ZSecondStepEnabledSchema = z.object({
  message: z.string(),
  /** Ten single-use codes, shown once: each one logs in (or turns the second step off) instead of the app's code. */
  recoveryCodes: z.array(z.string()),
});
export type TSecondStepEnabled = z.infer<typeof ZSecondStepEnabledSchema>;

export const ZSecondStepDisableSchema = z.object({ password: zCurrentPassword(), code: zSecondStepCode() });
export type TSecondStepDisable = z.infer<typeof ZSecondStepDisableSchema>;

export const ZSecondStepLoginSchema = z.object({
  challenge: z
    .string({ error: MESSAGES.secondStepChallengeExpired })
    .min(1, MESSAGES.secondStepChallengeExpired)
    .max(200, MESSAGES.secondStepChallengeExpired),
  code: zSecondStepCode(),
});
export type TSecondStepLogin = z.infer<typeof ZSecondStepLoginSchema>;

/**
 * The login's 202 (decision 063, amended by 083): the password is right and the second step is on. Not an error: the
 * tokens wait for the code sent with this challenge to POST /api/token/2fa/.
 */
export const ZSecondStepChallengeSchema = z.object({
  message: z.string(),
  code: z.literal('second_step_required'),
  challenge: z.string(),
});
export type TSecondStepChallenge = z.infer<typeof ZSecondStepChallengeSchema>;

/**
 * POST /api/admin/users/{id}/2fa/reset/: an admin turns off the second step of someone who lost both the phone and the
 * recovery codes, after checking who they are; the reason (how they were identified) goes to the audit log.
 */
export const ZSecondStepResetSchema = z.object({
  reason: zText(LIMITS.secondStepResetReasonMaxLength).pipe(z.string().min(1, MESSAGES.secondStepResetReasonRequired)),
});
export type TSecondStepReset = z.infer<typeof ZSecondStepResetSchema>;
