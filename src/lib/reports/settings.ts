import { defaultColdChainSettings, type ColdChainSettings } from './excursions.ts';
import { defaultTripSettings, type TripSettings } from './trips.ts';
import type { Message } from '../../i18n/message.ts';

export interface ReportSettings {
  trips: TripSettings;
  coldChain: ColdChainSettings;
}

export const defaultReportSettings: ReportSettings = {
  trips: defaultTripSettings,
  coldChain: defaultColdChainSettings,
};

const MINUTE = 60_000;

/**
 * The settings a person can change, in the units they think in, with what each may be; `label`
 * and `unit` name messages of the catalogue.
 */
export const settingFields = [
  { name: 'minStop', label: 'settings.minStop', unit: 'settings.unit.min', min: 1, max: 1440 },
  {
    name: 'minTripDistance',
    label: 'settings.minTripDistance',
    unit: 'settings.unit.m',
    min: 0,
    max: 100_000,
  },
  {
    name: 'minTripTime',
    label: 'settings.minTripTime',
    unit: 'settings.unit.min',
    min: 0,
    max: 1440,
  },
  { name: 'silence', label: 'settings.silence', unit: 'settings.unit.min', min: 5, max: 1440 },
  {
    name: 'alarmDelay',
    label: 'settings.alarmDelay',
    unit: 'settings.unit.min',
    min: 0,
    max: 1440,
  },
] as const;

type SettingName = (typeof settingFields)[number]['name'];
export type SettingsText = Record<SettingName, string>;
/** What is wrong with each field, to be said in the page's language. */
export type SettingsErrors = Partial<Record<SettingName, Message>>;

export function settingsText(settings: ReportSettings): SettingsText {
  return {
    minStop: String(settings.trips.minStopMs / MINUTE),
    minTripDistance: String(settings.trips.minTripDistanceM),
    minTripTime: String(settings.trips.minTripMs / MINUTE),
    silence: String(settings.trips.silenceMs / MINUTE),
    alarmDelay: String(settings.coldChain.minExcursionMs / MINUTE),
  };
}

/** The settings typed, or what is wrong with each field; nothing applies while one is wrong. */
export function parseSettings(
  text: SettingsText,
  base: ReportSettings,
): { ok: true; settings: ReportSettings } | { ok: false; errors: SettingsErrors } {
  const errors: SettingsErrors = {};
  const values = {} as Record<SettingName, number>;
  for (const field of settingFields) {
    const raw = text[field.name].trim();
    const value = Number(raw);
    if (raw === '' || !Number.isFinite(value)) errors[field.name] = { id: 'settings.enterNumber' };
    else if (value < field.min || value > field.max) {
      errors[field.name] = {
        id: 'settings.between',
        values: { min: field.min, max: field.max, unit: { id: field.unit } },
      };
    }
    values[field.name] = value;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    settings: {
      trips: {
        ...base.trips,
        minStopMs: values.minStop * MINUTE,
        minTripDistanceM: values.minTripDistance,
        minTripMs: values.minTripTime * MINUTE,
        silenceMs: values.silence * MINUTE,
      },
      coldChain: { ...base.coldChain, minExcursionMs: values.alarmDelay * MINUTE },
    },
  };
}
