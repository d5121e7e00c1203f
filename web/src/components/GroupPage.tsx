import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { setpointError } from '../lib/temperature';
import { useAction, type Answer } from '../lib/useAction';
import { paths } from '../config/paths';
import { BackLink } from './BackLink';
import { ConfirmDialog } from './ConfirmDialog';
import { NameDialog } from './NameDialog';
import { EditDeleteActions, PageHeader } from './PageHeader';

interface Named {
  id: number;
  name: string;
}

/** Which dialog of a group's page is open: rename the group, delete it, take `member` out of
 * it, or one the page has of its own (`Own`). */
export type GroupDialog<Own extends string = never> =
  Own | 'rename' | 'delete' | { member: Named } | null;

/** Texts are the feature's: `rooms.*` or `zones.*`. */
type GroupTexts = 'rooms' | 'zones';

/** A group's page title, with the way back to its list and the buttons that open its rename
 *  and delete dialogs. */
export function GroupHeader({
  group,
  texts,
  open,
}: {
  group: Named;
  texts: GroupTexts;
  open: (dialog: 'rename' | 'delete') => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <BackLink to={paths[texts]}>{t(`nav.${texts}`)}</BackLink>
      <PageHeader title={group.name}>
        <EditDeleteActions
          edit={t(`${texts}.rename`)}
          remove={t(`${texts}.delete`)}
          onEdit={() => open('rename')}
          onDelete={() => open('delete')}
        />
      </PageHeader>
    </>
  );
}

/**
 * The dialogs every group's page has (a room of radiators, a zone of rooms): rename it, delete
 * it and go back to the list, take a member out. The texts are the feature's: `{texts}.rename`,
 * `.name`, `.deleteTitle`, `.deleteText` (`.deleteTextEmpty` for a group with no members),
 * `.delete`, and for taking a member out `.{takeOutText}Title`, `.{takeOutText}Text` and
 * `.{takeOutText}`.
 */
export function GroupDialogs<Renamed extends Answer, TakenOut extends Answer>({
  dialog,
  onClose,
  group,
  empty,
  texts,
  takeOutText,
  listPath,
  rename,
  onRenamed,
  deleteGroup,
  takeOut,
  onTakenOut,
}: {
  dialog: GroupDialog<string>;
  onClose: () => void;
  group: Named;
  /** It has no members: its deletion keeps none. */
  empty: boolean;
  texts: GroupTexts;
  takeOutText: 'detach' | 'remove';
  listPath: string;
  rename: (name: string) => Promise<Renamed>;
  onRenamed: (answer: Renamed) => unknown;
  deleteGroup: () => Promise<Answer>;
  takeOut: (memberId: number) => Promise<TakenOut>;
  onTakenOut: (answer: TakenOut) => unknown;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { run } = useAction();
  const member = typeof dialog === 'object' && dialog ? dialog.member : null;
  return (
    <>
      {dialog === 'rename' && (
        <NameDialog
          open
          title={t(`${texts}.rename`)}
          label={t(`${texts}.name`)}
          initial={group.name}
          submit={t('profile.save')}
          onClose={onClose}
          save={rename}
          onSaved={onRenamed}
        />
      )}
      <ConfirmDialog
        open={dialog === 'delete'}
        title={t(`${texts}.deleteTitle`, { name: group.name })}
        text={t(empty ? `${texts}.deleteTextEmpty` : `${texts}.deleteText`)}
        confirm={t(`${texts}.delete`)}
        onClose={onClose}
        onConfirm={() => void run(deleteGroup, { onSuccess: () => navigate(listPath) })}
      />
      <ConfirmDialog
        open={member !== null}
        title={t(`${texts}.${takeOutText}Title`, { name: member?.name ?? '' })}
        text={t(`${texts}.${takeOutText}Text`)}
        confirm={t(`${texts}.${takeOutText}`)}
        onClose={onClose}
        onConfirm={() => {
          if (!member) return;
          void run(() => takeOut(member.id), {
            onSuccess: (answer) => {
              onClose();
              return onTakenOut(answer);
            },
          });
        }}
      />
    </>
  );
}

/** A change that set a group's radiators to one temperature, with those their bounds held back. */
type TemperatureSet = Answer & { data: { data: { clamped: unknown[] } } };

/**
 * One temperature for every radiator of a group (a room, a zone), each kept within its own
 * bounds; the toast warns when bounds held some back. The texts are `{texts}.temperature`,
 * `.temperatureHelp` and `.apply`.
 */
export function GroupTemperature<Set extends TemperatureSet>({
  target,
  shared,
  comfort,
  radiators,
  texts,
  apply,
  onApplied,
}: {
  /** The group's target now, or null (none on): the field starts from it, or from `shared`
   *  (the target all its radiators have, on or off), or from `comfort` (the business's comfort
   *  setpoint), or 21 °C. */
  target: number | null;
  shared: number | null;
  comfort?: number;
  radiators: number;
  texts: GroupTexts;
  apply: (temperature: number) => Promise<Set>;
  onApplied: (answer: NoInfer<Set>) => unknown;
}) {
  const { t } = useTranslation();
  const { run, busy } = useAction();
  /** The temperature typed; until then the group's own target. */
  const [typed, setTyped] = useState<string | null>(null);
  const temperature = typed ?? String(target ?? shared ?? comfort ?? 21);
  const valid = !setpointError(temperature);
  const ready = valid && !busy && radiators > 0;
  const send = () =>
    run(() => apply(Number(temperature)), {
      toast: ({ data }) => ({
        message: data.description,
        variant: data.data.clamped.length ? 'warning' : 'success',
      }),
      onSuccess: onApplied,
    });
  return (
    // A form, so that Enter in the field sets the temperature too.
    <Paper
      component="form"
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        if (ready) void send();
      }}
      variant="outlined"
      sx={{ p: 3, display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}
    >
      <TextField
        name="temperature"
        type="number"
        label={t(`${texts}.temperature`)}
        value={temperature}
        onChange={(event) => setTyped(event.target.value)}
        error={!valid}
        // With no radiators there is nothing to set: said where a keyboard user is.
        helperText={
          !valid
            ? t('validation.temperature')
            : radiators === 0
              ? t(`${texts}.temperatureEmpty`)
              : t(`${texts}.temperatureHelp`)
        }
        slotProps={{ htmlInput: { step: 0.5, min: 5, max: 30 } }}
        sx={{ maxWidth: 260 }}
        fullWidth={false}
      />
      <Button type="submit" variant="contained" sx={{ mt: 1.5 }} disabled={!ready}>
        {t(`${texts}.apply`)}
      </Button>
    </Paper>
  );
}
