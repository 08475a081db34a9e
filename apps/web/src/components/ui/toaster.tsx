import { Component, Suspense, createContext, lazy, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { ToastInput, ToastMessage, ToastStore } from '../../lib/toast-store.ts';
import { Button } from './button.tsx';

const ToastContext = createContext<ToastStore | null>(null);

export function useToast(): (toast: ToastInput) => void {
  const store = useContext(ToastContext);
  if (!store) throw new Error('useToast must be used inside <ToastProvider>');
  return store.show;
}

let viewportModule: Promise<typeof import('./toast-viewport.tsx')> | undefined;

/**
 * Fetches the toasts' viewport (Radix Toast): most visits raise no toast, so it is not part of the first load
 * (ADR 0018). Also for tests, whose waits for a toast should not cover compiling it.
 */
export const loadToastViewport = () => (viewportModule ??= import('./toast-viewport.tsx'));

const ToastViewport = lazy(() => loadToastViewport().then((module) => ({ default: module.ToastViewport })));

/**
 * When the viewport's code cannot be fetched (a deploy replaced it, the connection dropped), the toast's text
 * still reaches the user, in a plain status box, and the page around it stays.
 */
class PlainToastWithoutViewport extends Component<{ toast: ToastMessage | null; onClose: (id: number) => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    const { toast, onClose, children } = this.props;
    if (!this.state.failed) return children;
    if (!toast) return null;
    return (
      <div role="status" className="fixed bottom-0 right-0 z-[100] m-4 grid max-w-[420px] gap-1 rounded-lg border border-slate-200 bg-white p-4 text-slate-900 shadow-lg">
        <p className="text-sm font-semibold">{toast.title}</p>
        {toast.description && <p className="text-sm opacity-90">{toast.description}</p>}
        <Button variant="ghost" size="sm" className="justify-self-end" onClick={() => onClose(toast.id)}>
          Close
        </Button>
      </div>
    );
  }
}

/** Toasts for everything below it; the viewport comes with the first toast, or with the first F8 (docs/product/screens.md "Common behaviour"). */
export function ToastProvider({ store, children }: { store: ToastStore; children: ReactNode }) {
  const toast = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const [viewport, setViewport] = useState<'for-toast' | 'for-hotkey' | null>(null);
  if (toast && !viewport) setViewport('for-toast');
  useEffect(() => {
    if (viewport) return;
    // Once there, the viewport answers F8 itself; this one only brings it and has it take the focus.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.code === 'F8') setViewport('for-hotkey');
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [viewport]);

  return (
    <ToastContext.Provider value={store}>
      {children}
      {viewport && (
        <PlainToastWithoutViewport toast={toast} onClose={store.dismiss}>
          <Suspense fallback={null}>
            <ToastViewport store={store} focused={viewport === 'for-hotkey'} />
          </Suspense>
        </PlainToastWithoutViewport>
      )}
    </ToastContext.Provider>
  );
}
