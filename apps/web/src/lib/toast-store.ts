export type ToastVariant = 'default' | 'success' | 'destructive';

export type ToastInput = { title: string; description?: string; variant?: ToastVariant };
export type ToastMessage = ToastInput & { id: number };

/**
 * Holds the toast on screen. Only one is visible at a time (docs/product/screens.md "Common behaviour"): showing a toast replaces the
 * current one. Kept outside React so the query cache's error handler can raise toasts too.
 */
export type ToastStore = {
  show: (toast: ToastInput) => void;
  dismiss: (id: number) => void;
  subscribe: (listener: () => void) => () => void;
  getSnapshot: () => ToastMessage | null;
};

export function createToastStore(): ToastStore {
  let current: ToastMessage | null = null;
  let nextId = 1;
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((listener) => listener());

  return {
    show(toast) {
      current = { ...toast, id: nextId++ };
      emit();
    },
    dismiss(id) {
      if (current?.id !== id) return;
      current = null;
      emit();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => current,
  };
}
