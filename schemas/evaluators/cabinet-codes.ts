/**
 * The trade's cabinet codes: letters that name the kind, then the size in whole inches. B24 is a base
 * cabinet 24″ wide; W3030 a wall cabinet 30″ wide and 30″ high; SB36 a 36″ sink base; DB18 an 18″
 * drawer base; T1884 a tall cabinet 18″ wide and 84″ high; BBC42 a blind base corner 42″ wide;
 * F330 a filler 3″ wide and 30″ high; BEP24 a base end panel 24″ deep; CM8 eight feet of crown
 * moulding. The lint holds every cabinet's code to its kind and size with these rules, and the
 * quote builder's search reads a kind from them.
 */
import type { CabinetKind } from '../catalog/cabinet-line.schema';

type Dimension = 'width' | 'height' | 'depth';

interface CodeForm {
  /** The letters, then one capture per dimension. */
  pattern: RegExp;
  /** The dimensions the captures give, in order; a moulding's length is its width in feet. */
  reads: readonly Dimension[];
  /** How the form is written, for messages: W{width}{height}. */
  written: string;
  example: string;
  feet?: boolean;
}

const two = '(\\d{2})';
const form = (letters: string, reads: readonly Dimension[], written: string, example: string, feet = false): CodeForm => ({
  pattern: new RegExp(`^${letters}${reads.map((_, i) => (feet && i === 0 ? '(\\d{1,2})' : letters === 'F' && i === 0 ? '(\\d)' : two)).join('')}$`),
  reads,
  written,
  example,
  feet,
});

/** The forms a code of each kind may take. */
export const CODE_FORMS: Record<CabinetKind, readonly CodeForm[]> = {
  base: [form('B', ['width'], 'B{width}', 'B24')],
  'sink-base': [form('SB', ['width'], 'SB{width}', 'SB36')],
  'drawer-base': [form('DB', ['width'], 'DB{width}', 'DB18')],
  wall: [form('W', ['width', 'height'], 'W{width}{height}', 'W3030')],
  tall: [form('T', ['width', 'height'], 'T{width}{height}', 'T1884')],
  corner: [form('BBC', ['width'], 'BBC{width}', 'BBC42'), form('LS', ['width'], 'LS{width}', 'LS36'), form('WDC', ['width', 'height'], 'WDC{width}{height}', 'WDC2430')],
  filler: [form('F', ['width', 'height'], 'F{width}{height}', 'F330')],
  panel: [form('BEP', ['depth'], 'BEP{depth}', 'BEP24'), form('WEP', ['depth', 'height'], 'WEP{depth}{height}', 'WEP1230'), form('REP', ['depth', 'height'], 'REP{depth}{height}', 'REP2496')],
  moulding: [form('CM', ['width'], 'CM{feet}', 'CM8', true), form('LR', ['width'], 'LR{feet}', 'LR8', true), form('SM', ['width'], 'SM{feet}', 'SM8', true)],
};

export const KIND_NAMES: Record<CabinetKind, string> = {
  base: 'base cabinet',
  wall: 'wall cabinet',
  tall: 'tall cabinet',
  'sink-base': 'sink base',
  'drawer-base': 'drawer base',
  corner: 'corner cabinet',
  filler: 'filler',
  panel: 'panel',
  moulding: 'moulding',
};

export interface CabinetSize {
  width: number;
  height: number;
  depth: number;
}

/** Why a code does not fit its kind and size, in an operator's words; null when it fits. */
export function codeProblem(code: string, kind: CabinetKind, size: CabinetSize): string | null {
  const forms = CODE_FORMS[kind];
  for (const f of forms) {
    const match = f.pattern.exec(code);
    if (!match) continue;
    for (const [i, dimension] of f.reads.entries()) {
      const said = Number(match[i + 1]) * (f.feet ? 12 : 1);
      // Codes carry whole inches: a 34½″ high base says nothing of its height, a W3030 says 30.
      if (Math.round(size[dimension]) !== said) {
        const words = f.feet ? `${said / 12} feet long (${said}″)` : `${said}″ ${dimension === 'width' ? 'wide' : dimension === 'height' ? 'high' : 'deep'}`;
        return `"${code}" says ${words}, but its ${dimension} is ${size[dimension]}`;
      }
    }
    return null;
  }
  const written = forms.map((f) => f.written).join(' or ');
  const examples = forms.map((f) => f.example).join(', ');
  return `"${code}" is not a ${KIND_NAMES[kind]}'s code: a ${KIND_NAMES[kind]} is coded ${written}, such as ${examples}`;
}

/** The kind a code is written as, when it is one of the forms: for the builder's search by kind. */
export function kindOfCode(code: string): CabinetKind | null {
  for (const [kind, forms] of Object.entries(CODE_FORMS) as [CabinetKind, readonly CodeForm[]][]) if (forms.some((f) => f.pattern.test(code))) return kind;
  return null;
}

/**
 * 34.5 as 34½", for sizes a person reads. The inch mark is the ASCII one and the fractions are the
 * quarters Latin-1 has, so the words are the same in a PDF's standard fonts as on a page.
 */
export function inchesText(value: number): string {
  const whole = Math.floor(value);
  const glyph = ({ 0.25: '¼', 0.5: '½', 0.75: '¾' } as Record<number, string>)[value - whole];
  if (glyph) return `${whole || ''}${glyph}"`;
  return `${value}"`;
}
