/** Popup durations: '10s', '5m', '24h', '7d', '2w'; a missing or unreadable value takes the default. */

const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 } as const;

/** Milliseconds of a time string, or of `fallback` (itself a time string) when absent or malformed. */
export function parseTimeString(value: string | undefined | null, fallback = '24h'): number {
  const parse = (s: string): number | null => {
    const m = /^(\d+(?:\.\d+)?)\s*([smhdw])$/.exec(s.trim());
    return m ? Math.round(Number(m[1]) * UNIT_MS[m[2] as keyof typeof UNIT_MS]) : null;
  };
  return (value ? parse(value) : null) ?? parse(fallback) ?? UNIT_MS.h * 24;
}
