import type { TFunction } from 'i18next';

/**
 * The names of a choice field's buttons (open the list, close it, clear the choice), each with
 * the field's label, so that a screen reader tells two such fields on a page apart.
 */
export function choiceButtons(t: TFunction, field: string) {
  return {
    openText: t('choices.open', { field }),
    closeText: t('choices.close', { field }),
    clearText: t('choices.clear', { field }),
  };
}
