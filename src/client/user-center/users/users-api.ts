/** The calls of the people pages (src/shared/api/schemas/users.ts). */
import { Paths } from '../../../shared/api/paths.js';
import type {
  DepartmentItem,
  DepartmentListQuery,
  ResetPasswordAnswer,
  SaveDepartmentRequest,
  SaveUserRequest,
  SaveUserTypeRequest,
  SelectOption,
  UserItem,
  UserListQuery,
  UserTypeItem,
} from '../../../shared/api/schemas/users.js';
import type { Paged } from '../../../shared/envelope.js';
import { api } from '../../shell/request.js';

export const listUsers = (query: UserListQuery) => api.get<Paged<UserItem>>(Paths.userPageList, { ...query });
export const getUser = (id: number) => api.get<UserItem>(`${Paths.user}/${id}`);
/** Silent: the dialog shows a refusal under its fields. */
export const saveUser = (body: SaveUserRequest) => api.post<{ id: number }>(Paths.user, body, { silent: true });
export const resetUserPassword = (id: number, password: string) =>
  api.post<ResetPasswordAnswer>(`${Paths.userResetPassword}/${id}`, password ? { password } : {}, { silent: true });
export const enableUsers = (ids: number[], enable: boolean) => api.post<null>(Paths.userEnable, { ids, enable });
export const deleteUser = (id: number) => api.delete<null>(Paths.user, { id }, { silent: true });
export const userTypeOptions = () => api.get<SelectOption[]>(Paths.userTypeSelect);
export const departmentOptions = (ztId: number) => api.get<SelectOption[]>(Paths.departmentSelect, { ztId });
/** The units a user may belong to: the sets the administrator manages, all at once (the pickers list them all). */

export const listUserTypes = (page: { pageIndex: number; pageSize: number }) =>
  api.get<Paged<UserTypeItem>>(Paths.userTypePageList, page);
export const saveUserType = (body: SaveUserTypeRequest) => api.post<{ id: number }>(Paths.userType, body, { silent: true });
export const deleteUserType = (id: number) => api.delete<null>(Paths.userType, { id });

export const listDepartments = (query: DepartmentListQuery) =>
  api.get<Paged<DepartmentItem>>(Paths.departmentPageList, { ...query });
export const saveDepartment = (body: SaveDepartmentRequest) => api.post<{ id: number }>(Paths.department, body, { silent: true });
export const deleteDepartment = (id: number) => api.delete<null>(Paths.department, { id });
