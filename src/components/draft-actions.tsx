import { Button } from '@mantine/core';
import { t } from '../i18n/i18n.ts';

/**
 * A draft form's Cancel and Save. Cancel forgets the draft (src/auth/drafts.ts), clears a failed
 * save's error and closes the form; Save submits the form, or calls `onSave` where the form is not
 * a <form>. The caller lays them out (and may put more beside them).
 */
export function DraftActions({
  clearDraft,
  save,
  onDone,
  saveLabel,
  onSave,
}: {
  clearDraft: () => void;
  save: { reset: () => void; isPending: boolean };
  onDone: () => void;
  saveLabel: string;
  onSave?: () => void;
}) {
  return (
    <>
      <Button
        variant="default"
        onClick={() => {
          clearDraft();
          save.reset();
          onDone();
        }}
      >
        {t('common.cancel')}
      </Button>
      {onSave ? (
        <Button onClick={onSave} loading={save.isPending}>
          {saveLabel}
        </Button>
      ) : (
        <Button type="submit" loading={save.isPending}>
          {saveLabel}
        </Button>
      )}
    </>
  );
}
