// @fastify/busboy's parameter parser (the one it reads every part's head with) ships without types.
declare module '@fastify/busboy/lib/utils/parseParams.js' {
  /** `'form-data; name="a"'` → `['form-data', ['name', 'a']]`; an extended parameter decoded under its plain name. */
  const parseParams: (value: string) => (string | [string, string])[];
  export default parseParams;
}
