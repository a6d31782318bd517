/** A file `framework-build` produces: absolute path and full text. */
export interface OutputFile {
  readonly path: string;
  readonly text: string;
}
