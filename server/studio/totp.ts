/**
 * The operators' second factor: TOTP (RFC 6238) with the otpauth library: a 20-byte secret from the
 * CSPRNG, SHA1, 6 digits, 30-second steps, issuer "Showroom Studio" (what every authenticator app
 * reads). A code is checked against the server's clock with a window of one step either way; the
 * step it matched is answered so that the caller can accept each step once (ASVS 6.5.1): the
 * operator's `totp_last_step` keeps the last one accepted.
 */
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';

export const TOTP_ISSUER = 'Showroom Studio';
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps either side of now that still count (clock drift, a code typed as it changed). */
export const TOTP_WINDOW = 1;

function totp(secretBase32: string, label = 'operator'): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: OTPAuth.Secret.fromBase32(secretBase32),
  });
}

/** A new secret, base32 (what the operator types into the app when the QR code cannot be read). */
export function newTotpSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32;
}

/** The otpauth:// URI an authenticator app reads from the QR code. */
export function otpauthUri(secretBase32: string, email: string): string {
  return totp(secretBase32, email).toString();
}

/** The URI as an SVG QR code. */
export function qrSvg(uri: string): Promise<string> {
  return QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}

/** The time step of a moment. */
export function totpStep(at: Date): number {
  return Math.floor(at.getTime() / 1000 / TOTP_PERIOD_SECONDS);
}

/** The code of a moment (tests, and the test kit). */
export function totpCodeAt(secretBase32: string, at: Date): string {
  return totp(secretBase32).generate({ timestamp: at.getTime() });
}

/**
 * The time step the code belongs to when it is right at `at` (within the window), else null.
 * Spaces around or inside the code are ignored; the comparison is the library's, in constant time.
 */
export function matchTotp(secretBase32: string, code: string, at: Date): number | null {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totp(secretBase32).validate({ token, timestamp: at.getTime(), window: TOTP_WINDOW });
  return delta === null ? null : totpStep(at) + delta;
}
