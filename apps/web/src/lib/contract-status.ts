/**
 * A contract's status as its reader sees it (decision 093): 'Da confermare', 'Confermato da te, in attesa della
 * farmacia' (or the other way round), 'contratto confermato da entrambi'; and its hash, shortened for the eye.
 */
import { ENGAGEMENT_TEXT as T } from '@farmaponte/shared/ui-text-engagement';
import type { TContract } from './api/engagement';

export type TContractSide = 'farmacista' | 'titolare';

export function myConfirmation(contract: Pick<TContract, 'owner_confirmation' | 'pharmacist_confirmation'>, side: TContractSide) {
  return side === 'farmacista' ? contract.pharmacist_confirmation : contract.owner_confirmation;
}

export function contractStatusText(
  contract: Pick<TContract, 'status' | 'owner_confirmation' | 'pharmacist_confirmation'>,
  side: TContractSide,
): string {
  const mine = myConfirmation(contract, side);
  const theirs = side === 'farmacista' ? contract.owner_confirmation : contract.pharmacist_confirmation;
  const other = side === 'farmacista' ? 'farmacia' : 'farmacista';
  if (contract.status === 'annullato') return T.contractStatus.cancelled;
  if (contract.status === 'confermato_da_entrambi' || (mine && theirs)) return T.contractStatus.both;
  if (mine) return T.contractStatus.mineDone(other);
  if (theirs) return T.contractStatus.otherDone(other);
  return T.contractStatus.toConfirm;
}

/** 'a1b2c3d4…e5f6a7b8': enough to compare two copies by eye. */
export function shortHash(sha256: string): string {
  return sha256.length > 20 ? `${sha256.slice(0, 8)}…${sha256.slice(-8)}` : sha256;
}
