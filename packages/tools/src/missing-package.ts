/**
 * Whether `error` is require()'s failure to find the package `name` (or a file inside it): the
 * sign that an optional peer dependency is not installed, so the caller can name what to install.
 */
export function isMissingPackage(error: unknown, name: string): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return (
    code === 'MODULE_NOT_FOUND' &&
    typeof message === 'string' &&
    (message.includes(`'${name}'`) || message.includes(`'${name}/`))
  );
}
