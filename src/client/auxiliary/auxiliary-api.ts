/** The auxiliary-accounting calls of the auxiliary page and picker (shapes in shared/api/auxiliary.ts). */
import { Paths } from '../../shared/api/paths.js';
import type {
  AuxiInfoEnableRequest,
  AuxiType,
  CodeAuxiItem,
  SaveAuxiInfoRequest,
  SaveAuxiRealedSubRequest,
  SaveAuxiTypeRequest,
} from '../../shared/api/auxiliary.js';
import { api } from '../shell/request.js';

export function fetchTypes(): Promise<AuxiType[]> {
  return api.get<AuxiType[]>(Paths.auxiType);
}

export function saveType(body: SaveAuxiTypeRequest): Promise<AuxiType | null> {
  return api.post<AuxiType | null>(Paths.auxiType, body);
}

/** The types with their item trees. */
export function fetchTypeInfo(typeNos: readonly string[], onlyEnable = false): Promise<AuxiType[]> {
  return api.get<AuxiType[]>(Paths.typeInfo, { typeNoArray: typeNos.join(','), onlyEnable: String(onlyEnable) });
}

export function saveItem(body: SaveAuxiInfoRequest): Promise<null> {
  return api.post<null>(Paths.auxiInfoSave, body);
}

export function setItemEnable(body: AuxiInfoEnableRequest): Promise<null> {
  return api.post<null>(Paths.auxiInfoEnable, body);
}

/** A subject's types (isAll: every enabled type, each marked linked or not) with enabled items. */
export function fetchCodeAuxi(code: string, isAll: boolean): Promise<CodeAuxiItem[]> {
  return api.get<CodeAuxiItem[]>(Paths.getCodeAuxi, { code, isAll: String(isAll) });
}

export function saveSubjectTypes(body: SaveAuxiRealedSubRequest): Promise<null> {
  return api.post<null>(Paths.saveAuxiRealedSub, body);
}
