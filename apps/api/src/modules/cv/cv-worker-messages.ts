/** What the main thread asks a CV worker (cv-worker.ts) and what it answers. */
import type { TProfileUpdate } from '@farmaponte/shared';

export type TCvWorkerJob =
  /** A large PUT /api/user/details/ body, as received. */
  | { kind: 'body'; body: Uint8Array }
  /** A CV as the route's schema passed it (a small body, parsed on the main thread). */
  | { kind: 'check-base64'; base64: string }
  /** A CV's bytes, decoded by a 'body' job. */
  | { kind: 'check-bytes'; bytes: Uint8Array };

/** A large body read: refused as the route would refuse it, a profile save, or a CV's bytes still to be checked. */
export type TBodyAnswer =
  | { kind: 'invalid_json' }
  | { kind: 'control_characters'; field: string }
  | { kind: 'invalid'; issues: { instancePath: string; message: string }[] }
  | { kind: 'profile'; body: { profile: TProfileUpdate['profile'] } }
  | { kind: 'cv'; bytes: Uint8Array }
  | { kind: 'cv_not_base64' };

export type TCheckAnswer = { bytes: Uint8Array; sha256: string } | { error: 'invalid_pdf' | 'pdf_too_large' };
