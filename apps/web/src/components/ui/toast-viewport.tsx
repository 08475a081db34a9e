import { useEffect, useRef, useSyncExternalStore } from 'react';
import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import type { ToastStore, ToastVariant } from '../../lib/toast-store.ts';
import { cn } from '../../lib/cn.ts';

/** docs/product/screens.md "Common behaviour": auto-close after 5000 ms, swipe 50 px to dismiss, F8 focuses the viewport. */
const TOAST_DURATION_MS = 5000;
const SWIPE_THRESHOLD_PX = 50;

const variantClasses: Record<ToastVariant, string> = {
  default: 'border-slate-200 bg-white text-slate-900',
  success: 'border-emerald-200 bg-emerald-50 text-emerald-950',
  destructive: 'border-red-200 bg-red-50 text-red-950',
};

/**
 * The store's toast on screen, through Radix Toast, and the F8 viewport. Its own chunk: it loads with the first
 * toast or the first F8 (ToastProvider), and `focused` says it came for an F8 that it now answers.
 */
export function ToastViewport({ store, focused }: { store: ToastStore; focused: boolean }) {
  const toast = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const viewport = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (focused) viewport.current?.focus();
  }, [focused]);

  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={SWIPE_THRESHOLD_PX}>
      {toast && (
        <ToastPrimitive.Root
          key={toast.id}
          type={toast.variant === 'destructive' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) store.dismiss(toast.id);
          }}
          className={cn(
            'pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-lg border p-4 pr-10 shadow-lg',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform',
            'data-[state=open]:animate-[toast-in_150ms_ease-out]',
            variantClasses[toast.variant ?? 'default'],
          )}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{toast.title}</ToastPrimitive.Title>
            {toast.description && <ToastPrimitive.Description className="text-sm opacity-90">{toast.description}</ToastPrimitive.Description>}
          </div>
          <ToastPrimitive.Close
            aria-label="Close"
            className="absolute right-2 top-2 rounded-md p-1 opacity-60 transition hover:opacity-100 focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-blue-600"
          >
            <X className="size-4" aria-hidden="true" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      )}
      <ToastPrimitive.Viewport
        ref={viewport}
        hotkey={['F8']}
        className="fixed top-0 z-[100] flex max-h-screen w-full flex-col-reverse gap-2 p-4 outline-none sm:bottom-0 sm:right-0 sm:top-auto sm:flex-col md:max-w-[420px]"
      />
    </ToastPrimitive.Provider>
  );
}
