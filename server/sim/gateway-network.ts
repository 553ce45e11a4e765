import { gatewaySites, type GatewaySite } from './amsterdam.ts';

export interface DemoGateway extends GatewaySite {
  tenant: 'demo' | 'acme';
}

/**
 * The demo's gateways: at each of the four sites one of demo's and one of acme's. A gateway
 * delivers for its own tenant's nodes only (docs/decisions/0040-gateway-tenancy.md), so acme's
 * trucks are heard by acme's gateway at the site nearest to them. Indices 0-3 are demo's, in the
 * order of gatewaySites (what nearestGateway answers); acme's follow in the same order.
 */
export const demoGateways: readonly DemoGateway[] = [
  ...gatewaySites.map((site) => ({ ...site, tenant: 'demo' as const })),
  ...gatewaySites.map((site) => ({
    ...site,
    serial: `${site.serial}-ACME`,
    name: `Acme ${site.name}`,
    tenant: 'acme' as const,
  })),
];

/** The index in demoGateways of the gateway of `tenant` at site `site` (an index of gatewaySites). */
export const gatewayOf = (site: number, tenant: 'demo' | 'acme') =>
  tenant === 'demo' ? site : site + gatewaySites.length;
