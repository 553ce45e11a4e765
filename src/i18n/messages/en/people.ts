/** The People page and Check access (issue 23): support looks a person up and asks why. */
export const people = {
  'nav.people': 'People',
  'nav.people.description': 'Look up a person, check access',
  'people.title': 'People',
  'people.description':
    'Look up the person who called: what they may do, through which roles, and why they can or cannot use a channel.',
  'people.notOffered':
    'This cloud does not offer looking people up, so the console cannot show other people’s profiles or explain their access. Your own permissions are on the Permissions page.',
  'people.notAllowed':
    'Your role does not allow looking people up (it needs READ on users in a tenant). Your own permissions are on the Permissions page.',
  'people.choosePersonForChannel':
    'Choose the person whose access to this channel you want to check.',
  'people.search': 'Search people',
  'people.searchHint': 'User name, name or email',
  'people.noneFound': 'Nobody matches “{filter}”.',
  'people.listLabel': 'People',
  'people.column.person': 'Person',
  'people.column.tenant': 'Tenant',
  'people.column.origin': 'Account',
  'people.column.sets': 'Roles',
  'people.column.lastSignIn': 'Last sign-in',
  'people.origin.built-in': 'Built in',
  'people.origin.provider': 'Outside identity provider',
  'people.noSignInRecord': 'Not recorded',
  'people.profileOf': 'Profile of {username}',
  'people.sets': 'Roles (permission sets)',
  'people.noSets': '{username} holds no role.',
  'people.setLabel': 'Role {set}',
  'people.setGrants': 'Grants: {grants}',
  'people.setGroups': 'Reaches the groups:',
  'people.permission': '{operation} on {objectType} in tenant {tenant}',
  'people.technical': '{request} answers {status}',
  'people.action.read': 'see it',
  'people.action.history': 'read its history',
  'people.action.update': 'change its properties and push',
  'people.action.decommission': 'decommission it',
  'people.action.empty': 'remove all its members',
  'people.reach.owner': '{person} reaches {channel} as its owner.',
  'people.reach.ownerOfNode': '{person} reaches {channel} as the owner of its node {node}.',
  'people.reach.given': '{person} reaches {channel}: {member} was given to {person}.',
  'people.reach.role': '{person} reaches {channel}: the role {sets} names {member}.',
  'people.reach.groupRole':
    '{person} reaches {channel} through the group {group}{viaNode, select, yes { (its node {node} is a member)} other {}}, which the role {sets} reaches.',
  'people.reach.groupOwned':
    '{person} reaches {channel} through the group {group}{viaNode, select, yes { (its node {node} is a member)} other {}}, which {person} owns.',
  'people.reach.groupGiven':
    '{person} reaches {channel} through the group {group}{viaNode, select, yes { (its node {node} is a member)} other {}}, which was given to {person}.',
  'people.reach.none':
    '{person} does not reach {channel}: to {person} it looks as if it did not exist.',
  'people.reach.inactive': '{channel} is decommissioned: it left every group and has no owner.',
  'people.reach.noGroup': '{channel} is in no group.',
  'people.reach.nearest': '{channel} is in the group {group}, which the role {sets} reaches.',
  'people.reach.nearestNoRole': 'It is in the group {group}, which no role reaches.',
  'people.verdict.allowedFrom': '{person} may {action}: {permission}, from {sets}.',
  'people.verdict.allowed': '{person} may {action}: {permission}.',
  'people.verdict.outOfReach': '{person} may not {action}: {channel} is out of reach.',
  'people.verdict.onceInReachHeld': 'Once in reach, {permission} would allow it.',
  'people.verdict.onceInReachMissing': 'Once in reach it would still need {permission}.',
  'people.verdict.inactive': '{person} may not {action}: {channel} is already decommissioned.',
  'people.verdict.missing': '{person} may not {action}: {permission} is missing.',
  'people.verdict.notApplicable':
    '{person} may not {action}: it does not apply to this kind of channel.',
  'people.change.grant': 'giving {person} the role {sets}.',
  'people.change.noExactSet':
    'a role that grants only {permission}: {sets} would give {person} more than that. An operator makes one (npm run permission-sets).',
  'people.change.noSet':
    'no role grants {permission}; an operator adds it to a role (npm run permission-sets).',
  'people.change.recommission': 'commissioning {channel} again.',
  'people.change.addToGroup':
    'adding {channel} to a group {person} reaches, or giving it to {person}.',
  'people.change.roleForGroup': 'giving {person} the role {sets}, which reaches {group}.',
  'people.change.giveGroup': 'giving the group {group} to {person}.',
  'people.check.heading': 'Check access for {username}',
  'people.check.notOffered':
    'This cloud does not explain access, so the console cannot say why this person may or may not use a channel.',
  'people.check.channel': 'Channel',
  'people.check.channelHint':
    'Name or serial of a channel in your reach, or the UUID of any channel (from Activity or a channel page)',
  'people.check.channelHintTenant':
    'Name or serial of any channel of the tenants where you look people up, or its UUID',
  'people.check.pickUuid': 'Check this UUID',
  'people.check.pickWithSerial': '{name} · {serial}',
  'people.check.noMatch': 'No channel in your reach matches. Paste its UUID instead.',
  'people.check.noMatchTenant': 'No channel of your tenants matches this name or serial.',
  'people.check.another': 'Check another channel',
  'people.check.title': 'Can {person} use {channel}?',
  'people.check.reach': 'Reach',
  'people.check.verdicts': 'Verdict per operation',
  'people.check.allowed': 'Allowed',
  'people.check.refused': 'Refused',
  'people.check.wouldChange': 'What would change it: {change}',
  'people.check.recentChanges': 'Latest changes to {channel}',
};
