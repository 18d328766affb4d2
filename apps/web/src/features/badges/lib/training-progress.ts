import { ratioPercent, type BadgeIdentity } from '@vigil/contract';

/** The badge list's training progress bar (part 2 §2): well-trained identities of all, as figures and words. */
export interface TrainingProgress {
  trained: number;
  total: number;
  remaining: number;
  /** 0..1; 0 when there are no identities */
  fraction: number;
  /** the fraction as the spec's percentages (two decimals at most): '37.5%' */
  percent: string;
}

export function trainingProgress(identities: readonly Pick<BadgeIdentity, 'wellTrained'>[]): TrainingProgress {
  const total = identities.length;
  const trained = identities.filter((i) => i.wellTrained).length;
  const fraction = total === 0 ? 0 : trained / total;
  return { trained, total, remaining: total - trained, fraction, percent: ratioPercent(fraction) };
}

/** '3 of 8 trained (37.5%), 5 remaining'. */
export function trainingProgressText(p: TrainingProgress): string {
  return `${p.trained} of ${p.total} trained (${p.percent}), ${p.remaining} remaining`;
}
