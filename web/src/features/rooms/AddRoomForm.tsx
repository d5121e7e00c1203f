import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Form, FormField, SubmitButton, useForm } from '../../components/form';
import { FormPage } from '../../components/FormPage';
import { paths, roomPath } from '../../config/paths';
import { useAction } from '../../lib/useAction';
import { roomsApi } from './api';

/** Names a room's page path cannot carry (the server refuses them too): the new room's page,
 *  and "." and "..", which a browser reads as this folder and the one above. */
const RESERVED_NAMES = ['add-room', '.', '..'];

export function AddRoomForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { run, busy } = useAction();
  const form = useForm({ name: '' }, ({ name }) => {
    if (!name.trim()) return { name: 'validation.required' };
    if (name.trim().length > 60) return { name: 'validation.nameTooLong' };
    if (RESERVED_NAMES.includes(name.trim().toLowerCase()))
      return { name: 'validation.reservedName' };
    return {};
  });

  const send = (values: { name: string }) =>
    run(() => roomsApi.create(values.name.trim()), {
      onSuccess: ({ data }) => navigate(roomPath(data.data.room.name)),
      onError: form.showServerErrors,
    });

  return (
    <FormPage title={t('pages.addRoom')} back={{ to: paths.rooms, name: t('nav.rooms') }}>
      <Form onSubmit={form.onSubmit(send)}>
        <FormField
          {...form.field('name')}
          label={t('rooms.name')}
          helperText={t('rooms.nameHelp')}
          required
          autoFocus
        />
        <SubmitButton busy={busy} sx={{ mt: 2 }}>
          {t('rooms.create')}
        </SubmitButton>
      </Form>
    </FormPage>
  );
}
