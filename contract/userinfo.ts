import { z } from 'zod';

export const operations = ['READ', 'CREATE', 'UPDATE', 'DELETE', 'COMMISSION', 'EXECUTE'] as const;
export const Operation = z.enum(operations).meta({ id: 'Operation' });
export type Operation = z.infer<typeof Operation>;

export const objectTypes = ['assets', 'assets.history', 'groups', 'groups.history'] as const;

/** docs/decisions/0003-caller-profile.md, "Caller profile": permissions map "<tenant>:<objectType>" to operations. */
export const UserInfo = z
  .object({
    sub: z.string(),
    username: z.string(),
    name: z.string(),
    email: z.string(),
    permissions: z.record(z.string(), z.array(Operation)),
  })
  .meta({ id: 'UserInfo' });
export type UserInfo = z.infer<typeof UserInfo>;
