/**
 * /studio/setup#token=…: the one-time set-up of a new operator, in three steps. The token rides in
 * the fragment (never sent to a server, never in a Referer) and is taken out of the address bar at
 * once. 1. a password (the rule shown before typing); 2. the secret for the authenticator app, as a
 * QR code (an <img> of the server's SVG, never put into the page as markup) and as text to type,
 * and a code of the app to prove it; 3. the ten recovery codes, shown once.
 */
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { STUDIO_PASSWORD_RULE, STUDIO_SETUP_LINK_INVALID } from '../../schemas/api/studio';
import { StudioApiError, type SetupSecret } from '../api/studio-client';
import { BASE, Link } from './router';
import { messageOf, useStudio } from './studio-context';
import { Alert, CodeField, CopyButton, Field, PageTitle } from './ui';

export const MIN_PASSWORD = 12;

/** The token of the link, read once (the fragment is cleared afterwards). */
function takeToken(): string | null {
  const token = new URLSearchParams(window.location.hash.slice(1)).get('token');
  if (token) window.history.replaceState(null, '', window.location.pathname + window.location.search);
  return token;
}

/** The SVG as an image: markup from the server never becomes part of the page. */
export const svgDataUrl = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/** A base32 secret in groups of four, easier to type. */
export const groupSecret = (secret: string) => secret.replace(/\s/g, '').replace(/(.{4})(?=.)/g, '$1 ');

export function SetupPage() {
  const [token] = useState(takeToken);
  const [secret, setSecret] = useState<SetupSecret | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);

  let step: ReactNode;
  if (!token) step = <NoToken />;
  else if (codes) step = <RecoveryCodes codes={codes} />;
  else if (secret) step = <ConfirmStep token={token} secret={secret} onDone={setCodes} />;
  else step = <PasswordStep token={token} onDone={setSecret} />;

  const number = !token ? null : codes ? 3 : secret ? 2 : 1;
  return (
    <main id="main" className="auth auth--wide">
      <div className="auth__card">
        <p className="brand brand--auth">
          <span className="brand__mark" aria-hidden="true" />
          Showroom Studio
        </p>
        <PageTitle title="Set up your account">Set up your studio account</PageTitle>
        {number ? (
          <ol className="steps" aria-label="Set-up steps">
            {['Password', 'Authenticator app', 'Recovery codes'].map((name, i) => (
              <li key={name} className={`steps__step${i + 1 === number ? ' steps__step--current' : ''}${i + 1 < number ? ' steps__step--done' : ''}`} aria-current={i + 1 === number ? 'step' : undefined}>
                <span className="steps__number" aria-hidden="true">
                  {i + 1 < number ? '✓' : i + 1}
                </span>
                {name}
                {i + 1 < number ? <span className="visually-hidden">, done</span> : null}
              </li>
            ))}
          </ol>
        ) : null}
        {step}
      </div>
    </main>
  );
}

function NoToken() {
  return (
    <>
      <Alert>{STUDIO_SETUP_LINK_INVALID}</Alert>
      <p>Open the whole set-up link again, as it was given to you, or ask an admin for a new one.</p>
      <p>
        <Link href={`${BASE}/sign-in`}>Sign in</Link> if your account is set up already.
      </p>
    </>
  );
}

function PasswordStep({ token, onDone }: { token: string; onDone(secret: SetupSecret): void }) {
  const { client } = useStudio();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<{ password?: string; repeat?: string }>({});
  const [alert, setAlert] = useState('');
  const [busy, setBusy] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const repeatRef = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (password.length < MIN_PASSWORD) {
      setErrors({ password: `${STUDIO_PASSWORD_RULE} This one has ${password.length}.` });
      setAlert('Check the fields marked below.');
      return passwordRef.current?.focus();
    }
    if (repeat !== password) {
      setErrors({ repeat: 'The two passwords differ. Type the same one twice.' });
      setAlert('Check the fields marked below.');
      return repeatRef.current?.focus();
    }
    setBusy(true);
    setErrors({});
    setAlert('');
    try {
      onDone(await client.setupPassword({ token, password }));
    } catch (error) {
      setBusy(false);
      if (error instanceof StudioApiError && error.fields['password']) {
        setErrors({ password: error.fields['password'] });
        passwordRef.current?.focus();
      }
      setAlert(messageOf(error));
    }
  };

  return (
    <form className="form" noValidate onSubmit={(e) => void submit(e)}>
      <h2 className="step-title">Choose a password</h2>
      <Alert>{alert}</Alert>
      <Field
        label="New password"
        name="new-password"
        type="password"
        autoComplete="new-password"
        hint={`${STUDIO_PASSWORD_RULE} A few unrelated words make a good one.`}
        minLength={MIN_PASSWORD}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password}
        inputRef={passwordRef}
        required
      />
      <Field
        label="Repeat the password"
        name="repeat-password"
        type="password"
        autoComplete="new-password"
        value={repeat}
        onChange={(e) => setRepeat(e.target.value)}
        error={errors.repeat}
        inputRef={repeatRef}
        required
      />
      <p className="field__count" aria-live="polite">
        {password.length === 0 ? '' : password.length < MIN_PASSWORD ? `${password.length} of ${MIN_PASSWORD} characters` : `${password.length} characters: long enough`}
      </p>
      <button type="submit" className="button button--primary button--block" aria-disabled={busy || undefined}>
        {busy ? 'Saving…' : 'Set the password'}
      </button>
    </form>
  );
}

function ConfirmStep({ token, secret, onDone }: { token: string; secret: SetupSecret; onDone(codes: string[]): void }) {
  const { client } = useStudio();
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [alert, setAlert] = useState('');
  const [busy, setBusy] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const digits = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(digits)) {
      setError('Type the 6 digits your app shows now.');
      return codeRef.current?.focus();
    }
    setBusy(true);
    setError('');
    setAlert('');
    try {
      onDone((await client.setupConfirm({ token, code: digits })).recoveryCodes);
    } catch (e) {
      setBusy(false);
      setCode('');
      if (e instanceof StudioApiError && e.fields['code']) {
        setError(e.fields['code']);
        codeRef.current?.focus();
      } else setAlert(messageOf(e));
    }
  };

  return (
    <form className="form" noValidate onSubmit={(e) => void submit(e)}>
      <h2 className="step-title" tabIndex={-1} ref={headingRef}>
        Add the studio to your authenticator app
      </h2>
      <p>Your password is set. Now scan this code with an authenticator app (such as 1Password, Google Authenticator or Aegis), or type the key below into it.</p>
      <div className="qr">
        <img className="qr__image" src={svgDataUrl(secret.qrSvg)} alt={`QR code of the studio's key for ${secret.email}`} width={200} height={200} />
        <div className="qr__text">
          <p className="qr__label" id="secret-label">
            Key, to type in by hand
          </p>
          <code className="secret" aria-labelledby="secret-label">
            {groupSecret(secret.secret)}
          </code>
          <p className="muted">Account: {secret.email} · time-based, 6 digits</p>
          <CopyButton text={secret.secret} label="Copy the key" />
        </div>
      </div>
      <Alert>{alert}</Alert>
      <CodeField label="Code from the app" name="code" value={code} onChange={(e) => setCode(e.target.value)} error={error} inputRef={codeRef} />
      <button type="submit" className="button button--primary button--block" aria-disabled={busy || undefined}>
        {busy ? 'Checking…' : 'Check the code'}
      </button>
    </form>
  );
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  const [saved, setSaved] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className="form">
      <h2 className="step-title" tabIndex={-1} ref={headingRef}>
        Save your recovery codes
      </h2>
      <p>
        If you lose your phone, each of these codes signs you in once in place of the app's code. <strong>They are shown only now.</strong> Keep them
        somewhere safe, such as a password manager.
      </p>
      <ol className="recovery-codes" aria-label="Recovery codes">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ol>
      <CopyButton text={codes.join('\n')} label="Copy the codes" />
      <label className="check">
        <input type="checkbox" checked={saved} onChange={(e) => setSaved(e.target.checked)} />
        I have saved them
      </label>
      <div aria-live="polite">
        {saved ? (
          <Link className="button button--primary button--block" href={`${BASE}/sign-in`}>
            Sign in to the studio
          </Link>
        ) : (
          <p className="muted">Tick the box once the codes are saved, to go on to sign in.</p>
        )}
      </div>
    </div>
  );
}
