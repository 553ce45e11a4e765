import type { people as en } from '../en/people.ts';

export const people: Record<keyof typeof en, string> = {
  'nav.people': 'Mensen',
  'nav.people.description': 'Iemand opzoeken, toegang nagaan',
  'people.title': 'Mensen',
  'people.description':
    'Zoek op wie belde: wat diegene mag, via welke rollen, en waarom diegene een kanaal wel of niet kan gebruiken.',
  'people.notOffered':
    'Deze cloud biedt geen opzoeken van mensen, dus de console kan andermans profiel niet tonen en hun toegang niet uitleggen. Je eigen rechten staan op de pagina Rechten.',
  'people.notAllowed':
    'Je rol staat het opzoeken van mensen niet toe (daarvoor is READ op users in een tenant nodig). Je eigen rechten staan op de pagina Rechten.',
  'people.choosePersonForChannel':
    'Kies de persoon van wie je de toegang tot dit kanaal wilt nagaan.',
  'people.search': 'Mensen zoeken',
  'people.searchHint': 'Gebruikersnaam, naam of e-mail',
  'people.noneFound': 'Niemand past bij “{filter}”.',
  'people.listLabel': 'Mensen',
  'people.column.person': 'Persoon',
  'people.column.tenant': 'Tenant',
  'people.column.origin': 'Account',
  'people.column.sets': 'Rollen',
  'people.column.lastSignIn': 'Laatst aangemeld',
  'people.origin.built-in': 'Ingebouwd',
  'people.origin.provider': 'Externe identiteitsprovider',
  'people.noSignInRecord': 'Niet bijgehouden',
  'people.profileOf': 'Profiel van {username}',
  'people.sets': 'Rollen (rechtensets)',
  'people.noSets': '{username} heeft geen rol.',
  'people.setLabel': 'Rol {set}',
  'people.setGrants': 'Geeft: {grants}',
  'people.setGroups': 'Bereikt de groepen:',
  'people.permission': '{operation} op {objectType} in tenant {tenant}',
  'people.technical': '{request} antwoordt {status}',
  'people.action.read': 'het zien',
  'people.action.history': 'de geschiedenis lezen',
  'people.action.update': 'eigenschappen en push wijzigen',
  'people.action.decommission': 'het uit dienst nemen',
  'people.action.empty': 'alle leden verwijderen',
  'people.reach.owner': '{person} bereikt {channel} als eigenaar.',
  'people.reach.ownerOfNode': '{person} bereikt {channel} als eigenaar van de node {node}.',
  'people.reach.given': '{person} bereikt {channel}: {member} is aan {person} gegeven.',
  'people.reach.role': '{person} bereikt {channel}: de rol {sets} noemt {member}.',
  'people.reach.groupRole':
    '{person} bereikt {channel} via de groep {group}{viaNode, select, yes { (de node {node} is lid)} other {}}, die de rol {sets} bereikt.',
  'people.reach.groupOwned':
    '{person} bereikt {channel} via de groep {group}{viaNode, select, yes { (de node {node} is lid)} other {}}, waarvan {person} eigenaar is.',
  'people.reach.groupGiven':
    '{person} bereikt {channel} via de groep {group}{viaNode, select, yes { (de node {node} is lid)} other {}}, die aan {person} is gegeven.',
  'people.reach.none': '{person} bereikt {channel} niet: voor {person} lijkt het niet te bestaan.',
  'people.reach.inactive':
    '{channel} is uit dienst: het zit in geen groep meer en heeft geen eigenaar.',
  'people.reach.noGroup': '{channel} zit in geen enkele groep.',
  'people.reach.nearest': '{channel} zit in de groep {group}, die de rol {sets} bereikt.',
  'people.reach.nearestNoRole': 'Het zit in de groep {group}, die geen rol bereikt.',
  'people.verdict.allowedFrom': '{person} mag {action}: {permission}, via {sets}.',
  'people.verdict.allowed': '{person} mag {action}: {permission}.',
  'people.verdict.outOfReach': '{person} mag {action} niet: {channel} is buiten bereik.',
  'people.verdict.onceInReachHeld': 'Eenmaal binnen bereik zou {permission} het toestaan.',
  'people.verdict.onceInReachMissing': 'Eenmaal binnen bereik is nog {permission} nodig.',
  'people.verdict.inactive': '{person} mag {action} niet: {channel} is al uit dienst.',
  'people.verdict.missing': '{person} mag {action} niet: {permission} ontbreekt.',
  'people.verdict.notApplicable': '{person} mag {action} niet: dat past niet bij dit soort kanaal.',
  'people.change.grant': '{person} de rol {sets} geven.',
  'people.change.noExactSet':
    'een rol die alleen {permission} geeft: {sets} zou {person} meer geven dan dat. Een beheerder maakt er een (npm run permission-sets).',
  'people.change.noSet':
    'geen rol geeft {permission}; een beheerder voegt het aan een rol toe (npm run permission-sets).',
  'people.change.recommission': '{channel} opnieuw in dienst nemen.',
  'people.change.addToGroup':
    '{channel} toevoegen aan een groep die {person} bereikt, of het aan {person} geven.',
  'people.change.roleForGroup': '{person} de rol {sets} geven, die {group} bereikt.',
  'people.change.giveGroup': 'de groep {group} aan {person} geven.',
  'people.check.heading': 'Toegang nagaan voor {username}',
  'people.check.notOffered':
    'Deze cloud legt toegang niet uit, dus de console kan niet zeggen waarom deze persoon een kanaal wel of niet mag gebruiken.',
  'people.check.channel': 'Kanaal',
  'people.check.channelHint':
    'Naam of serienummer van een kanaal binnen je bereik, of de UUID van elk kanaal (uit Activiteit of een kanaalpagina)',
  'people.check.channelHintTenant':
    'Naam of serienummer van elk kanaal van de tenants waarin je mensen opzoekt, of de UUID',
  'people.check.pickUuid': 'Deze UUID nagaan',
  'people.check.pickWithSerial': '{name} · {serial}',
  'people.check.noMatch': 'Geen kanaal binnen je bereik past. Plak anders de UUID.',
  'people.check.noMatchTenant': 'Geen kanaal van je tenants past bij deze naam of dit serienummer.',
  'people.check.another': 'Een ander kanaal nagaan',
  'people.check.title': 'Kan {person} {channel} gebruiken?',
  'people.check.reach': 'Bereik',
  'people.check.verdicts': 'Oordeel per handeling',
  'people.check.allowed': 'Toegestaan',
  'people.check.refused': 'Geweigerd',
  'people.check.wouldChange': 'Wat het zou veranderen: {change}',
  'people.check.recentChanges': 'Laatste wijzigingen aan {channel}',
};
