import type { permissions as en } from '../en/permissions.ts';

export const permissions: Record<keyof typeof en, string> = {
  'permissions.title': 'Rechten',
  'permissions.description':
    'Als wie je bent aangemeld, en wat de cloud je in elk van je tenants laat doen.',
  'permissions.profileNotLoaded': 'Je profiel kon niet worden geladen',
  'permissions.profile': 'Profiel',
  'permissions.name': 'Naam',
  'permissions.username': 'Gebruikersnaam',
  'permissions.email': 'E-mail',
  'permissions.tenants': 'Tenants',
  'permissions.subject': 'Subject',
  'permissions.subjectCopy': 'subject',
  'permissions.matrix': 'Overzicht van rechten',
  'permissions.youCan': 'In deze console kun je',
  'permissions.yes': '✓ Ja',
  'permissions.no': '✗ Nee',
  'permissions.onlyIn': '◐ Alleen in {tenants}',
  'permissions.elsewhere': '— elders: {needs}',
  'permissions.refused': '— {needs}',
  'permissions.noPermission': 'Je hebt in geen enkele tenant rechten.',
  'permissions.tenant': 'Tenant {tenant}',
  'permissions.tenantTable': 'Rechten in tenant {tenant}',
  'permissions.objectType': 'Objecttype',
  'permissions.granted': 'toegestaan',
  'permissions.notGranted': 'niet toegestaan',
  'capability.seeAssets': 'Nodes, sensoren en gateways bekijken',
  'capability.seeGroups': 'Groepen en hun leden bekijken',
  'capability.assetHistory': 'De geschiedenis van nodes en sensoren lezen',
  'capability.groupHistory': 'De geschiedenis van groepen lezen',
  'capability.editAssets': 'Eigenschappen en push van nodes en sensoren wijzigen',
  'capability.editGroups': 'Eigenschappen en push van groepen wijzigen',
  'capability.createGroups': 'Groepen aanmaken',
  'capability.members': 'Leden aan groepen toevoegen en eruit verwijderen',
  'capability.removeAllMembers': 'Alle leden uit een groep verwijderen',
  'capability.commission': 'Nodes in bedrijf nemen',
  'capability.decommission': 'Nodes uit bedrijf nemen',
  'roles.title': 'Je rollen geven je hier geen rechten',
  'roles.noneSent':
    'Je aanmeldservice stuurde geen rollen in de claim <code>{claim}</code>. Wie de cloud beheert moet AUTH_EXTERNAL_ROLES_CLAIM instellen op de claim met je rollen, of de aanmeldservice moet ze in <code>{claim}</code> zetten.',
  'roles.unmapped':
    'Je aanmeldservice stuurde de rollen {roles} (claim <code>{claim}</code>), en geen daarvan is gekoppeld aan een set rechten van de cloud.',
  'roles.unnamed':
    'Je aanmeldservice stuurde de rollen {roles} (claim <code>{claim}</code>), en geen daarvan noemt een set rechten van de cloud.',
  'roles.howToMap':
    'Wie de cloud beheert moet ze koppelen in AUTH_EXTERNAL_ROLE_MAP, bijvoorbeeld <code>{example}</code> (npm run permission-sets toont de sets). Vanaf je volgende aanmelding heb je die rechten.',
};
