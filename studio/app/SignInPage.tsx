/**
 * /studio/sign-in: e-mail, password and the 6-digit code of the authenticator app (or one recovery
 * code). The server gives one refusal for any wrong part ('Invalid email, password or code.'):
 * shown in the alert region; a field the server names is marked at the field too. A code just used
 * (right after the set-up) is told apart: wait for the next one. After a run of failed sign-ins of
 * the e-mail the server asks for the captcha, which then shows above the button.
 */
import { useRef, useState, type FormEvent } from 'react';
import { StudioApiError } from '../api/studio-client';
import { BASE, navigate } from './router';
import { messageOf, useStudio } from './studio-context';
import { SignInCaptcha } from './SignInCaptcha';
import { Alert, CodeField, Field, PageTitle } from './ui';

type FieldName = 'email' | 'password' | 'code' | 'recoveryCode' | 'recaptchaToken';
type Errors = Partial<Record<FieldName, string>>;


export function SignInPage({ next, notice }: { next: string | null; notice?: string }) {
  const { client, setOperator } = useStudio();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [recoveryCode, setRecoveryCode] = useState('');
  const [useRecovery, setUseRecovery] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [alert, setAlert] = useState('');
  const [busy, setBusy] = useState(false);
  /** Shown once the server asks for it; the site key, or null for the offline test captcha. */
  const [captcha, setCaptcha] = useState<{ siteKey: string | null } | null>(null);
  const [captchaToken, setCaptchaToken] = useState('');
  const refs = {
    email: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
    code: useRef<HTMLInputElement>(null),
    recoveryCode: useRef<HTMLInputElement>(null),
  };

  const check = (): Errors => {
    const found: Errors = {};
    if (!email.trim()) found.email = 'Enter your e-mail address.';
    if (!password) found.password = 'Enter your password.';
    if (useRecovery) {
      if (!recoveryCode.trim()) found.recoveryCode = 'Enter one of your recovery codes.';
    } else if (!/^\d{6}$/.test(code.replace(/\s/g, ''))) found.code = 'Type the 6 digits your app shows now.';
    if (captcha && !captchaToken) found.recaptchaToken = 'Tick the captcha first.';
    return found;
  };

  const showErrors = (found: Errors, message: string) => {
    setErrors(found);
    setAlert(message);
    const first = (['email', 'password', 'code', 'recoveryCode'] as const).find((f) => found[f]);
    if (first) refs[first].current?.focus();
    else if (found.recaptchaToken) document.querySelector<HTMLElement>('.auth__card input[type=checkbox], .auth__card iframe')?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = check();
    if (Object.keys(found).length) return showErrors(found, 'Check the fields marked below.');
    setBusy(true);
    setErrors({});
    setAlert('');
    try {
      const proof = useRecovery ? { recoveryCode: recoveryCode.trim() } : { code: code.replace(/\s/g, '') };
      const body = { email: email.trim(), password, ...proof, ...(captcha && captchaToken ? { recaptchaToken: captchaToken } : {}) };
      const operator = await client.login(body);
      setOperator(operator);
      navigate(next ?? BASE, { replace: true });
    } catch (error) {
      setBusy(false);
      // A code is good for 30 seconds: the next try needs a new one. A captcha token is good once.
      setCode('');
      setCaptchaToken('');
      if (error instanceof StudioApiError && error.fields.recaptchaToken) {
        setCaptcha({ siteKey: typeof error.details.siteKey === 'string' ? error.details.siteKey : null });
      }
      if (error instanceof StudioApiError && (error.status === 400 || error.code === 'code_used') && Object.keys(error.fields).length) {
        const named: Errors = {};
        for (const f of ['email', 'password', 'code', 'recoveryCode', 'recaptchaToken'] as const) if (error.fields[f]) named[f] = error.fields[f];
        return showErrors(named, error.message);
      }
      setAlert(messageOf(error));
    }
  };

  const switchFactor = () => {
    setUseRecovery((r) => !r);
    setErrors((e) => ({ ...e, code: undefined, recoveryCode: undefined }));
    // The field appears with the next render; focus it then.
    setTimeout(() => (useRecovery ? refs.code : refs.recoveryCode).current?.focus(), 0);
  };

  return (
    <main id="main" className="auth">
      <div className="auth__card">
        <p className="brand brand--auth">
          <span className="brand__mark" aria-hidden="true" />
          Showroom Studio
        </p>
        <PageTitle title="Sign in">Sign in to the studio</PageTitle>
        {notice ? <p className="auth__notice">{notice}</p> : null}
        <Alert>{alert}</Alert>
        <form className="form" noValidate onSubmit={(e) => void submit(e)}>
          <Field
            label="E-mail"
            name="email"
            type="email"
            autoComplete="username"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={errors.email}
            inputRef={refs.email}
            required
          />
          <Field
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={errors.password}
            inputRef={refs.password}
            required
          />
          {useRecovery ? (
            <Field
              label="Recovery code"
              name="recoveryCode"
              hint="One of the ten codes you saved at set-up. Each works once."
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              value={recoveryCode}
              onChange={(e) => setRecoveryCode(e.target.value)}
              error={errors.recoveryCode}
              inputRef={refs.recoveryCode}
              required
            />
          ) : (
            <CodeField label="Code" name="code" value={code} onChange={(e) => setCode(e.target.value)} error={errors.code} inputRef={refs.code} />
          )}
          {captcha ? <SignInCaptcha siteKey={captcha.siteKey} token={captchaToken} onToken={setCaptchaToken} error={errors.recaptchaToken} /> : null}
          <button type="button" className="link link--small" onClick={switchFactor}>
            {useRecovery ? 'Use the code of your app instead' : 'Use a recovery code instead'}
          </button>
          <button type="submit" className="button button--primary button--block" aria-disabled={busy || undefined}>
            {busy ? 'Signing in…' : 'Sign in'}
          </button>
        </form>
        <p className="auth__foot">New operator? Open the set-up link an admin gave you.</p>
      </div>
    </main>
  );
}
