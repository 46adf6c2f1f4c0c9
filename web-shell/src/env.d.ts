/// <reference types="@rsbuild/core/types" />

interface ImportMetaEnv {
  readonly PUBLIC_SUPPORT_WHATSAPP?: string;
}
