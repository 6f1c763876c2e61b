/** Pending requests and the loading indicator: a counter the top bar watches, and abort handles. */
import { create } from 'zustand';

interface LoadingState {
  pending: number;
  begin: () => void;
  end: () => void;
  reset: () => void;
}

export const useLoading = create<LoadingState>()((set) => ({
  pending: 0,
  begin: () => set((s) => ({ pending: s.pending + 1 })),
  end: () => set((s) => ({ pending: Math.max(0, s.pending - 1) })),
  reset: () => set({ pending: 0 }),
}));

/** The pending-request queue: abort controllers by request id. */
export const pendingRequests = new Map<number, AbortController>();

/** On a transport error the queue is cleared and the loading indicator closed (spec section 8). */
export function clearPendingQueue(): void {
  pendingRequests.clear();
  useLoading.getState().reset();
}
