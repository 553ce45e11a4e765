// The resolver lives in contract/ so the cloud's alarms read limits exactly as the reports do.
export * from '../../../contract/temperature-limits.ts';
