/** Saving the user form: the checks first, then the call; a refusal goes under its field. */
import { useState } from 'react';
import { ApiError } from '../../shell/request.js';
import { checkUserForm, fieldOfMessage, toSaveRequest, type UserForm, type UserFormIssues } from './user-form.js';
import { saveUser } from './users-api.js';

export function useUserSave(onSaved: (id: number) => void) {
  const [issues, setIssues] = useState<UserFormIssues>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (form: UserForm) => {
    const found = checkUserForm(form);
    setIssues(found);
    setFormError('');
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const { id } = await saveUser(toSaveRequest(form));
      onSaved(id);
    } catch (error) {
      const message = error instanceof ApiError ? (error.envelope?.errorMsg ?? error.message) : String(error);
      const field = fieldOfMessage(message);
      if (field) setIssues({ [field]: message });
      else setFormError(message);
    } finally {
      setBusy(false);
    }
  };
  return { issues, formError, busy, submit };
}
