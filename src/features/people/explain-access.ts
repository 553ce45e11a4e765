import type { AccessExplanation, AccessVerdict, ReachPath } from '../../../contract/people.ts';
import { t } from '../../i18n/i18n.ts';

/** One operation's verdict in words: what the person may do, why, and what would change it. */
export interface VerdictWords {
  operation: AccessVerdict['operation'];
  allowed: boolean;
  /** "fleet may read its history: READ on assets.history in tenant demo, from demo-fleet." */
  line: string;
  /** What would turn the verdict round; absent where nothing in a person's roles would. */
  change?: string;
  /** For support: the request and the status it answers. */
  technical: string;
}

export interface AccessWords {
  /** How the channel is in reach, or why not, one sentence each. */
  reach: string[];
  /** What would put an out-of-reach channel in reach. */
  reachChange?: string;
  verdicts: VerdictWords[];
}

const list = (names: readonly string[]) => names.join(', ');

function pathWords(path: ReachPath, person: string, channel: string): string {
  switch (path.kind) {
    case 'owner':
      return path.channel.name === channel
        ? t('people.reach.owner', { person, channel })
        : t('people.reach.ownerOfNode', { person, channel, node: path.channel.name });
    case 'given':
      return t('people.reach.given', { person, channel, member: path.channel.name });
    case 'role':
      return t('people.reach.role', {
        person,
        channel,
        member: path.channel.name,
        sets: list(path.permissionSets),
      });
    case 'group': {
      const values = {
        person,
        channel,
        group: path.group.name,
        viaNode: path.member.name === channel ? 'no' : 'yes',
        node: path.member.name,
      };
      if (path.through === 'owner') return t('people.reach.groupOwned', values);
      if (path.through === 'given') return t('people.reach.groupGiven', values);
      return t('people.reach.groupRole', { ...values, sets: list(path.permissionSets) });
    }
  }
}

function actionOf(verdict: AccessVerdict, type: string): string {
  switch (verdict.operation) {
    case 'READ':
      return t('people.action.read');
    case 'READ_HISTORY':
      return t('people.action.history');
    case 'UPDATE':
      return t('people.action.update');
    case 'DELETE':
      return t(type === 'GROUP' ? 'people.action.empty' : 'people.action.decommission');
  }
}

function verdictWords(verdict: AccessVerdict, explanation: AccessExplanation): VerdictWords {
  const person = explanation.person.username;
  const channel = explanation.channel.name;
  const action = actionOf(verdict, explanation.channel.type);
  const p = verdict.permission;
  const permission = p
    ? t('people.permission', { operation: p.operation, objectType: p.objectType, tenant: p.tenant })
    : '';
  const technical = t('people.technical', {
    request: verdict.request,
    status: verdict.status,
  });
  const base = { operation: verdict.operation, allowed: verdict.allowed, technical };
  if (verdict.allowed) {
    return {
      ...base,
      line:
        p && p.heldBy.length > 0
          ? t('people.verdict.allowedFrom', { person, action, permission, sets: list(p.heldBy) })
          : t('people.verdict.allowed', { person, action, permission }),
    };
  }
  if (verdict.status === 404) {
    const line = t('people.verdict.outOfReach', { person, action, channel });
    if (!p) return { ...base, line };
    return {
      ...base,
      line: `${line} ${t(p.held ? 'people.verdict.onceInReachHeld' : 'people.verdict.onceInReachMissing', { permission })}`,
    };
  }
  if (verdict.status === 409) {
    return {
      ...base,
      line: t('people.verdict.inactive', { person, action, channel }),
      change: t('people.change.recommission', { channel }),
    };
  }
  if (verdict.status === 403 && p) {
    return {
      ...base,
      line: t('people.verdict.missing', { person, action, permission }),
      // Only a role that adds this permission and nothing else: a role that grants everything
      // would answer the question by widening the person far beyond it (issue 34).
      change:
        (p.grantedOnlyBy ?? []).length > 0
          ? t('people.change.grant', { person, sets: list(p.grantedOnlyBy ?? []) })
          : p.grantedBy.length > 0
            ? t('people.change.noExactSet', { person, permission, sets: list(p.grantedBy) })
            : t('people.change.noSet', { permission }),
    };
  }
  // 400: the operation does not apply to this kind of channel (a sensor cannot be decommissioned).
  return { ...base, line: t('people.verdict.notApplicable', { person, action }) };
}

/** The explainer's facts as sentences a support person can read out on the phone. */
export function explainAccess(explanation: AccessExplanation): AccessWords {
  const person = explanation.person.username;
  const channel = explanation.channel.name;
  const { reach } = explanation;
  const verdicts = explanation.verdicts.map((verdict) => verdictWords(verdict, explanation));
  if (reach.reachable) {
    return { reach: reach.paths.map((path) => pathWords(path, person, channel)), verdicts };
  }
  const sentences = [t('people.reach.none', { person, channel })];
  if (!explanation.channel.active) sentences.push(t('people.reach.inactive', { channel }));
  let reachChange: string;
  const nearest = reach.nearest[0];
  if (nearest === undefined) {
    if (explanation.channel.active) sentences.push(t('people.reach.noGroup', { channel }));
    reachChange = explanation.channel.active
      ? t('people.change.addToGroup', { person, channel })
      : t('people.change.recommission', { channel });
  } else {
    for (const each of reach.nearest) {
      sentences.push(
        each.permissionSets.length > 0
          ? t('people.reach.nearest', {
              channel,
              group: each.group.name,
              sets: list(each.permissionSets),
            })
          : t('people.reach.nearestNoRole', { group: each.group.name }),
      );
    }
    // The group given to the person, or a role that reaches it and gives nothing more.
    const onlyBy = nearest.onlyBy ?? [];
    reachChange =
      onlyBy.length > 0
        ? t('people.change.roleForGroup', {
            person,
            channel,
            group: nearest.group.name,
            sets: list(onlyBy),
          })
        : t('people.change.giveGroup', { person, channel, group: nearest.group.name });
  }
  return { reach: sentences, reachChange, verdicts };
}
