/**
 * Runs `task` while holding a lock shared by every tab of this origin, so two tabs never spend the
 * same rotating refresh token. Without Web Locks (old browsers, tests) the task runs directly.
 */
export async function withTabLock<T>(name: string, task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (locks === undefined) return task();
  return locks.request(name, { mode: 'exclusive' }, task);
}
