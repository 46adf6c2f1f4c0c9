import { Icon, Intent, ProgressBar } from '@blueprintjs/core';
import { passwordStrength } from '@guiche/contracts';
import { useTranslation } from '@guiche/web-sdk';
import { SHELL_NS } from '../locales/index.js';

function intentOf(score: number): Intent {
  if (score >= 100) return Intent.SUCCESS;
  if (score >= 66) return Intent.WARNING;
  return Intent.DANGER;
}

/** 33 points for 8+ characters, 33 for a lowercase letter, 34 for an uppercase one. */
export function PasswordStrength({ password }: { password: string }) {
  const { t } = useTranslation(SHELL_NS);
  const s = passwordStrength(password);
  const hints: [boolean, string][] = [
    [s.length, t('signup.hintLength')],
    [s.lower, t('signup.hintLower')],
    [s.upper, t('signup.hintUpper')],
  ];
  return (
    <div className="password-strength" aria-label={t('signup.strength')}>
      <ProgressBar value={s.score / 100} intent={intentOf(s.score)} stripes={false} animate={false} aria-valuenow={s.score} />
      <ul className="password-hints">
        {hints.map(([ok, label]) => (
          <li key={label} data-ok={ok}>
            <Icon icon={ok ? 'tick-circle' : 'circle'} intent={ok ? Intent.SUCCESS : Intent.NONE} size={12} /> {label}
          </li>
        ))}
      </ul>
    </div>
  );
}
