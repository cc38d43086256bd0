/* Test shim for running khsum's Windows build under wine 8.0 (Debian 12), which lacks
 * bcryptprimitives.dll. Rust's standard library (1.78 and later) imports ProcessPrng from
 * it to seed its hash maps; Windows 10 and later provide it. This DLL gives the same
 * contract (fill the buffer with random bytes, return TRUE) through wine's RtlGenRandom
 * (advapi32 SystemFunction036). It is built and placed next to khsum.exe by
 * .ci/windows.sh only; it is never shipped. */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T len) {
  while (len > 0) {
    ULONG n = len > 0x40000000 ? 0x40000000 : (ULONG)len;
    if (!SystemFunction036(data, n)) {
      return FALSE;
    }
    data += n;
    len -= n;
  }
  return TRUE;
}
