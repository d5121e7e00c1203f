import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { ar } from './ar';
import { en } from './en';

export function initI18n(language: string) {
  if (!i18n.isInitialized) {
    void i18n.use(initReactI18next).init({
      resources: { en: { translation: en }, ar: { translation: ar } },
      lng: language,
      fallbackLng: 'en',
      interpolation: { escapeValue: false },
    });
    // A value in its own reading order, whatever the sentence's: first-strong isolate.
    i18n.services.formatter?.add('isolate', (value) => `\u2068${String(value)}\u2069`);
  }
  return i18n;
}

export { i18n };
