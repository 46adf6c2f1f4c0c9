import { useState, type FormEvent, type ReactNode } from 'react';
import chatPaths from '@blueprintjs/icons/lib/esm/generated/16px/paths/chat.js';
import eyeOffPaths from '@blueprintjs/icons/lib/esm/generated/16px/paths/eye-off.js';
import eyeOpenPaths from '@blueprintjs/icons/lib/esm/generated/16px/paths/eye-open.js';
import { supportChatUrl } from '../session/support.js';
import type { LoginStrings } from './light-strings.js';

export interface LightLoginProps {
  strings: LoginStrings;
  /** Called with what was typed; resolves when the whole shell has taken over (or rejects to stay). */
  onSubmit: (email: string, password: string) => Promise<void>;
}

/** A Blueprint icon from its 16 px paths, as Blueprint's Icon draws it. */
function Icon({ name, paths }: { name: string; paths: string[] }) {
  return (
    <span aria-hidden="true" className={`bp6-icon bp6-icon-${name}`}>
      <svg data-icon={name} height="16" role="img" viewBox="0 0 16 16" width="16">
        {paths.map((d) => (
          <path key={d} d={d} fillRule="evenodd" />
        ))}
      </svg>
    </span>
  );
}

/**
 * The login screen as the shell's LoginPage draws it (the same Blueprint classes, ids and names),
 * without Blueprint's components, the router, Formik or i18next (issue #28): the first page of a
 * visitor who has not signed in. It only submits; every outcome is shown by the whole shell.
 */
/** A Blueprint large form group written as plain markup (the light page loads no Blueprint JS). */
function LightField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="bp6-form-group">
      <label className="bp6-label" htmlFor={id}>
        {label}
      </label>
      <div className="bp6-form-content">
        <div className="bp6-input-group bp6-large">{children}</div>
      </div>
    </div>
  );
}

export function LightLogin({ strings, onSubmit }: LightLoginProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [visible, setVisible] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const supportUrl = supportChatUrl(strings.supportMessage);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    setSubmitting(true);
    onSubmit(email, password).catch(() => setSubmitting(false));
  };

  return (
    <main className="public-page">
      <div className="public-card bp6-card bp6-elevation-2" style={{ maxWidth: 400 }}>
        <div className="public-brand" aria-hidden="true">
          Guichê
        </div>
        <h2 className="bp6-heading">{strings.title}</h2>
        <form noValidate aria-label={strings.title} onSubmit={submit} aria-busy={submitting}>
          <LightField id="email" label={strings.email}>
            <input
              id="email"
              name="email"
              type="email"
              autoComplete="email"
              autoFocus
              className="bp6-input"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </LightField>
          <LightField id="password" label={strings.password}>
            <input
              id="password"
              name="password"
              type={visible ? 'text' : 'password'}
              autoComplete="current-password"
              className="bp6-input"
              style={{ paddingRight: 40 }}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            <span className="bp6-input-action">
              <button
                type="button"
                aria-label={visible ? strings.hidePassword : strings.showPassword}
                className="bp6-button bp6-minimal bp6-small"
                onClick={() => setVisible((v) => !v)}
              >
                {visible ? <Icon name="eye-off" paths={eyeOffPaths} /> : <Icon name="eye-open" paths={eyeOpenPaths} />}
              </button>
            </span>
          </LightField>
          <button type="submit" className={`bp6-button bp6-fill bp6-intent-primary bp6-large${submitting ? ' bp6-disabled' : ''}`} aria-disabled={submitting}>
            <span className="bp6-button-text">{strings.submit}</span>
          </button>
        </form>
        <div className="public-links">
          <a href="/recovery-password">{strings.forgotPassword}</a>
          <a href="/signup">{strings.signup}</a>
          {supportUrl && (
            <a role="button" className="bp6-button bp6-minimal bp6-small" href={supportUrl} target="_blank" rel="noopener noreferrer">
              <Icon name="chat" paths={chatPaths} />
              <span className="bp6-button-text">{strings.noAccount}</span>
            </a>
          )}
        </div>
      </div>
    </main>
  );
}
