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
    roles: z
      .object({
        claim: z.string(),
        received: z.array(z.string()),
        unmapped: z.array(z.string()),
      })
      .optional()
      .meta({
        description:
          'Extension, people of an outside identity provider only: what the roles claim of the ' +
          'token held, and which of those roles name no permission set.',
      }),
  })
  .meta({ id: 'UserInfo' });

/** Extension: the name and email the console read from the provider after sign-in. */
export const ProfileUpdate = z
  .strictObject({
    name: z.string().trim().min(1).max(200).optional(),
    email: z.email().max(254).optional(),
  })
  .meta({ id: 'ProfileUpdate' });
export type ProfileUpdate = z.infer<typeof ProfileUpdate>;
export type UserInfo = z.infer<typeof UserInfo>;
