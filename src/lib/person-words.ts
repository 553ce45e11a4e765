/**
 * The names people know the cloud's parameters by, on the console's forms. The cloud speaks of
 * "query parameter 'to'"; the person typed into a field called "Address".
 */
const fieldNames: Readonly<Record<string, string>> = {
  to: 'Push address',
  interval: 'Push interval',
  secret: 'Secret',
  properties: 'Properties',
  name: 'Name',
  groupName: 'Group name',
  nodeSerial: 'Serial',
  channelUuid: 'Group',
  filter: 'Filter',
};

const PARAMETER = /(?:unknown )?(?:query|path) parameter '([^']+)'(?::\s*)?/g;

/**
 * A message of the cloud in the words of the page it is shown on: "query parameter 'to': must
 * be an http or https address" becomes "Push address: must be an http or https address". The
 * cloud's own words stay available as technical detail.
 */
export function inPersonWords(
  message: string,
  names: Readonly<Record<string, string>> = fieldNames,
): string {
  const rewritten = message.replace(PARAMETER, (match, parameter: string) => {
    const name = names[parameter] ?? fieldNames[parameter];
    if (!name) return match;
    return match.trimEnd().endsWith(':') ? `${name}: ` : name;
  });
  return rewritten.charAt(0).toUpperCase() + rewritten.slice(1);
}
