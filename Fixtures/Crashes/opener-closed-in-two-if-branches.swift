{#if
}#else}