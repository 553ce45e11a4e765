import { z } from 'zod';
import { Operation, UserInfo } from './userinfo.ts';

/** One account, as support looks people up (docs/decisions/0071-people-and-access.md). */
export const PersonSummary = z
  .object({
    id: z.string().describe('The person’s `sub`, as /v1/userinfo answers it'),
    username: z.string(),
    name: z.string(),
    email: z.string(),
    tenant: z.string(),
    origin: z
      .enum(['built-in', 'provider'])
      .describe(
        'built-in: an account with a password here; provider: an outside identity provider',
      ),
    permissionSets: z.array(z.string()),
    lastSignIn: z
      .number()
      .int()
      .optional()
      .describe(
        'Epoch ms of the newest sign-in: with a password here (Basic, login page, ' +
          'password-realm grant) or through the outside provider; absent when none was recorded',
      ),
  })
  .meta({ id: 'PersonSummary' });
export type PersonSummary = z.infer<typeof PersonSummary>;

export const PersonList = z.array(PersonSummary).meta({ id: 'PersonList' });

/**
 * A channel found by name or serial among the tenants where the caller looks people up, so
 * support can explain a channel out of their own reach (docs/decisions/0179).
 */
export const ChannelMatch = z
  .object({
    uuid: z.string(),
    name: z.string(),
    channelType: z.enum(['NODE', 'SENSOR', 'GROUP', 'GATEWAY']),
    tenant: z.string(),
    active: z.boolean(),
    reference: z.string().optional().describe('The serial of a node or gateway'),
  })
  .meta({ id: 'ChannelMatch' });
export type ChannelMatch = z.infer<typeof ChannelMatch>;
export const ChannelMatchList = z.array(ChannelMatch).meta({ id: 'ChannelMatchList' });

const Grant = z.object({ tenant: z.string(), objectType: z.string(), operation: Operation });

/** What /v1/userinfo would answer for the person, and where it comes from. */
export const PersonProfile = UserInfo.omit({ roles: true })
  .extend({
    id: z.string(),
    tenant: z.string(),
    origin: PersonSummary.shape.origin,
    lastSignIn: PersonSummary.shape.lastSignIn,
    permissionSets: z.array(
      z.object({
        name: z.string(),
        description: z.string(),
        grants: z.array(Grant),
        groups: z
          .array(z.object({ uuid: z.string(), name: z.string() }))
          .describe('Groups whoever holds the set reaches (of the tenants you may see)'),
      }),
    ),
  })
  .meta({ id: 'PersonProfile' });
export type PersonProfile = z.infer<typeof PersonProfile>;

/** The operations the explainer answers for, each the request it stands for. */
export const explainedOperations = ['READ', 'READ_HISTORY', 'UPDATE', 'DELETE'] as const;
export const ExplainedOperation = z.enum(explainedOperations).meta({ id: 'ExplainedOperation' });
export type ExplainedOperation = z.infer<typeof ExplainedOperation>;

const Ref = z.object({ uuid: z.string(), name: z.string() });

/** One way the channel is in the person's reach. */
export const ReachPath = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('owner'), channel: Ref }),
    z.object({ kind: z.literal('given'), channel: Ref }),
    z.object({ kind: z.literal('role'), channel: Ref, permissionSets: z.array(z.string()) }),
    z.object({
      kind: z.literal('group'),
      group: Ref,
      member: Ref.describe('The channel or its node, whichever is the member'),
      through: z.enum(['owner', 'given', 'role']),
      permissionSets: z.array(z.string()).describe('through role: the sets naming the group'),
    }),
  ])
  .meta({ id: 'ReachPath' });
export type ReachPath = z.infer<typeof ReachPath>;

export const AccessVerdict = z
  .object({
    operation: ExplainedOperation,
    request: z.string().describe('The request this verdict is for, e.g. GET /v1/channels/{uuid}'),
    status: z.number().int().describe('What the cloud answers that request for the person'),
    allowed: z.boolean(),
    message: z.string().optional().describe('The refusal the person would read'),
    permission: z
      .object({
        tenant: z.string(),
        objectType: z.string(),
        operation: Operation,
        held: z.boolean(),
        heldBy: z.array(z.string()).describe('The person’s permission sets that grant it'),
        grantedBy: z
          .array(z.string())
          .describe('Permission sets the person does not hold that would grant it'),
        grantedOnlyBy: z
          .array(z.string())
          .optional()
          .describe(
            'Of grantedBy: the sets that would give the person this permission and nothing else ' +
              'they lack (no other grant, no other group): the change to suggest',
          ),
      })
      .optional(),
  })
  .meta({ id: 'AccessVerdict' });
export type AccessVerdict = z.infer<typeof AccessVerdict>;

export const AccessExplanation = z
  .object({
    person: z.object({ id: z.string(), username: z.string(), name: z.string() }),
    channel: z.object({
      uuid: z.string(),
      name: z.string(),
      type: z.string(),
      tenant: z.string(),
      active: z.boolean(),
    }),
    reach: z.object({
      reachable: z.boolean(),
      paths: z.array(ReachPath),
      nearest: z
        .array(
          z.object({
            group: Ref,
            member: Ref,
            permissionSets: z.array(z.string()).describe('Sets whose holders reach the group'),
            onlyBy: z
              .array(z.string())
              .optional()
              .describe(
                'Of permissionSets: those that would put the group in reach and give the ' +
                  'person nothing else they lack',
              ),
          }),
        )
        .describe(
          'Out of reach: the groups the channel (or its node) is in, which would put it in ' +
            'reach; empty when it is in none',
        ),
    }),
    verdicts: z.array(AccessVerdict),
  })
  .meta({ id: 'AccessExplanation' });
export type AccessExplanation = z.infer<typeof AccessExplanation>;
