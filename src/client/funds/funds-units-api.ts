/** The funds accounting calls of the 上下级经费核算 page (shapes in shared/api/schemas/funds-units.ts). */
import { Paths } from '../../shared/api/paths.js';
import type {
  DeleteUnitsRequest,
  EditLowerUnitRequest,
  FundsSetting,
  FundsUnitRow,
  JxhsDepart,
  SaveFundsSettingRequest,
  SaveZJUnitRequest,
  SavedUnitsAnswer,
  UnitListRequest,
  ZJUnitType,
} from '../../shared/api/schemas/funds-units.js';
import type { Paged } from '../../shared/envelope.js';
import { decryptPhone, encryptPhone } from '../../shared/funds/phone-cipher.js';
import { api } from '../shell/request.js';
import { useSession } from '../shell/session-store.js';

export function listUnits(body: UnitListRequest): Promise<Paged<FundsUnitRow>> {
  return api.post<Paged<FundsUnitRow>>(Paths.unitInfo, body);
}

export function departList(): Promise<JxhsDepart[]> {
  return api.get<JxhsDepart[]>(Paths.jxhsDepartList);
}

export function zjUnitTypes(): Promise<ZJUnitType> {
  return api.post<ZJUnitType>(Paths.getZJUnitType, {});
}

export function saveLowerUnits(body: EditLowerUnitRequest): Promise<SavedUnitsAnswer> {
  return api.post<SavedUnitsAnswer>(Paths.unitEdit, body, { silent: true });
}

function signKey(): string {
  const key = useSession.getState().signKey;
  if (!key) throw new Error('no session key');
  return key;
}

/** Saves an organisation; its phone leaves encrypted with the session's key (isEncrypt). */
export function saveOrg(body: Omit<SaveZJUnitRequest, 'isEncrypt'>): Promise<SavedUnitsAnswer> {
  const phone = body.phone?.trim() ?? '';
  return api.post<SavedUnitsAnswer>(
    Paths.saveZJUnit,
    { ...body, phone: phone ? encryptPhone(signKey(), phone) : null, isEncrypt: phone !== '' },
    { silent: true },
  );
}

/** The phone of a row as the user reads it. */
export function phoneOf(row: FundsUnitRow): string {
  if (!row.phone) return '';
  return row.isEncrypt ? (decryptPhone(signKey(), row.phone) ?? '') : row.phone;
}

export function deleteUnits(body: DeleteUnitsRequest): Promise<null> {
  return api.post<null>(Paths.unitDelete, body, { silent: true });
}

export function fetchSetting(): Promise<FundsSetting> {
  return api.get<FundsSetting>(Paths.unitSetting);
}

export function saveSetting(body: SaveFundsSettingRequest): Promise<FundsSetting> {
  return api.post<FundsSetting>(Paths.unitSetting, body, { silent: true });
}
