/** One thing wrong with a content folder: which file, where in it (a JSON pointer), and what. */
export interface DefinitionProblem {
  file: string;
  pointer: string;
  message: string;
  /** The pointer in the form's words, "Block 2 (Rich text) · Text" (./problem-place.ts); absent for a whole file. */
  where?: string;
}

export function formatProblem(p: DefinitionProblem): string {
  return `${p.file}#${p.pointer} ${p.message}`;
}

export class InvalidContentError extends Error {
  constructor(readonly problems: DefinitionProblem[]) {
    super(`The content folder has ${problems.length} problem(s):\n${problems.map((p) => `  ${formatProblem(p)}`).join('\n')}`);
    this.name = 'InvalidContentError';
  }
}
