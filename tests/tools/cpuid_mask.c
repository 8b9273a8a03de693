// libvlmxla_cpuid_mask.so: run a program as if on an older x86 CPU, for rehearsing and measuring
// what an AVX2-only (or AVX-512-without-AMX) machine does on one that has more. Loaded with
// LD_PRELOAD (scripts/as_cpu.sh), it makes the CPUID instruction fault (Linux's CPUID faulting,
// arch_prctl ARCH_SET_CPUID; the "cpuid_fault" flag in /proc/cpuinfo) and answers each CPUID
// itself from the real one with the features above the chosen CPU cleared. Every library in the
// process that picks its kernels by CPUID then picks the older CPU's: libgcc's
// __builtin_cpu_supports, LLVM's host CPU features (XLA's and IREE's code generation), XNNPACK /
// YNNPACK's cpuinfo, oneDNN, MKL, IREE's runtime microkernels, and vlmxla's own ISA reading
// (runtime/cpu_isa.cc). What it cannot hold back: code that executes an instruction without
// asking CPUID first (glibc's string functions chose theirs before this library loads:
// scripts/as_cpu.sh holds them back through GLIBC_TUNABLES), and the hardware's speed, caches and
// memory, which stay this machine's.
//
// VLMXLA_CPUID_MASK names the CPU: "x86-64-v3" (AVX2, FMA, F16C: a Zen 3 or a Haswell-to-Comet
// Lake Intel), "cascadelake" (AVX-512 F/BW/DQ/VL/CD with VNNI, no BF16), "znver4" (that with
// BF16, VBMI, IFMA, BITALG, VPOPCNTDQ, no AMX, no FP16). The setting is per thread and inherited
// by threads and children (the library and the variable are inherited through the environment,
// and a child's execve loads it again).
//
// A program's own SIGSEGV handler keeps working: sigaction and signal are interposed, so the
// program's handler is recorded rather than installed, and a fault that is not a CPUID goes to
// it (or to the default action, which ends the process as it would have).
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <ucontext.h>
#include <unistd.h>

#if !defined(__x86_64__) || !defined(__linux__)
#error "cpuid_mask is for x86-64 Linux"
#endif

enum { kArchSetCpuid = 0x1012 };

// Bits cleared from CPUID leaf 7: subleaf 0's EBX, ECX, EDX and subleaf 1's EAX.
typedef struct {
  const char* name;
  uint32_t ebx7, ecx7, edx7, eax71;
} Mask;

// Leaf 7.0 EBX: 16 AVX512F, 17 DQ, 21 IFMA, 26 PF, 27 ER, 28 CD, 30 BW, 31 VL.
#define EBX_AVX512_ALL ((1u << 16) | (1u << 17) | (1u << 21) | (1u << 26) | (1u << 27) | \
                        (1u << 28) | (1u << 30) | (1u << 31))
// Leaf 7.0 ECX: 1 VBMI, 6 VBMI2, 11 VNNI, 12 BITALG, 14 VPOPCNTDQ.
#define ECX_AVX512_ALL ((1u << 1) | (1u << 6) | (1u << 11) | (1u << 12) | (1u << 14))
// Leaf 7.0 EDX: 2 4VNNIW, 3 4FMAPS, 8 VP2INTERSECT, 22 AMX-BF16, 23 AVX512-FP16, 24 AMX-TILE,
// 25 AMX-INT8.
#define EDX_AMX ((1u << 22) | (1u << 24) | (1u << 25))
#define EDX_AVX512_ALL ((1u << 2) | (1u << 3) | (1u << 8) | (1u << 23) | EDX_AMX)
// Leaf 7.1 EAX: 4 AVX-VNNI, 5 AVX512-BF16, 21 AMX-FP16, 23 AVX-IFMA.
#define EAX71_ALL ((1u << 4) | (1u << 5) | (1u << 21) | (1u << 23))

static const Mask kMasks[] = {
    {"x86-64-v3", EBX_AVX512_ALL, ECX_AVX512_ALL, EDX_AVX512_ALL, EAX71_ALL},
    // Cascade Lake keeps F, DQ, CD, BW, VL and VNNI.
    {"cascadelake", (1u << 21) | (1u << 26) | (1u << 27), ECX_AVX512_ALL & ~(1u << 11),
     EDX_AVX512_ALL, EAX71_ALL},
    // Zen 4 keeps all of leaf 7.0's AVX-512 but 4VNNIW / 4FMAPS / VP2INTERSECT / FP16 and AMX,
    // and of leaf 7.1 only AVX512-BF16.
    {"znver4", (1u << 26) | (1u << 27), 0, EDX_AVX512_ALL, EAX71_ALL & ~(1u << 5)},
};

static const Mask* g_mask;
// VLMXLA_CPUID_MASK_STATS=1: how many CPUIDs were answered, and from where, printed at exit (an
// emulated CPUID costs a signal; a library that asks in a hot loop shows here).
enum { kSites = 16 };
static int g_stats;
static unsigned long g_count;
static struct { uintptr_t ip; unsigned long n; } g_sites[kSites];
static int (*g_real_sigaction)(int, const struct sigaction*, struct sigaction*);
// The SIGSEGV disposition the program asked for (recorded, not installed).
static struct sigaction g_app_segv;

static void RealCpuid(uint32_t leaf, uint32_t sub, uint32_t r[4]) {
  __asm__ volatile("cpuid" : "=a"(r[0]), "=b"(r[1]), "=c"(r[2]), "=d"(r[3]) : "a"(leaf), "c"(sub));
}

static int SetCpuidFaulting(int on) {
  return (int)syscall(SYS_arch_prctl, kArchSetCpuid, on ? 0 : 1);
}

static void MaskedCpuid(uint32_t leaf, uint32_t sub, uint32_t r[4]) {
  SetCpuidFaulting(0);
  RealCpuid(leaf, sub, r);
  SetCpuidFaulting(1);
  if (leaf == 7 && sub == 0) {
    r[1] &= ~g_mask->ebx7;
    r[2] &= ~g_mask->ecx7;
    r[3] &= ~g_mask->edx7;
  } else if (leaf == 7 && sub == 1) {
    r[0] &= ~g_mask->eax71;
  }
}

static void OnSegv(int sig, siginfo_t* info, void* context) {
  ucontext_t* uc = (ucontext_t*)context;
  greg_t* g = uc->uc_mcontext.gregs;
  // A faulting CPUID arrives as a general-protection fault (SI_KERNEL) at the instruction, which
  // is mapped and executable, so its two bytes can be read.
  const uint8_t* ip = (const uint8_t*)g[REG_RIP];
  if (info->si_code == SI_KERNEL && ip[0] == 0x0f && ip[1] == 0xa2) {
    uint32_t r[4];
    if (g_stats) {
      __atomic_add_fetch(&g_count, 1, __ATOMIC_RELAXED);
      for (int i = 0; i < kSites; ++i) {
        if (g_sites[i].ip == (uintptr_t)ip || g_sites[i].ip == 0) {
          g_sites[i].ip = (uintptr_t)ip;
          __atomic_add_fetch(&g_sites[i].n, 1, __ATOMIC_RELAXED);
          break;
        }
      }
    }
    MaskedCpuid((uint32_t)g[REG_RAX], (uint32_t)g[REG_RCX], r);
    g[REG_RAX] = r[0];
    g[REG_RBX] = r[1];
    g[REG_RCX] = r[2];
    g[REG_RDX] = r[3];
    g[REG_RIP] += 2;
    return;
  }
  const struct sigaction app = g_app_segv;
  if (app.sa_flags & SA_SIGINFO) {
    app.sa_sigaction(sig, info, context);
  } else if (app.sa_handler != SIG_DFL && app.sa_handler != SIG_IGN) {
    app.sa_handler(sig);
  } else {
    // Returning re-executes the faulting instruction under the default action: the process ends
    // as it would have without this library.
    struct sigaction dfl;
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    g_real_sigaction(SIGSEGV, &dfl, NULL);
  }
}

int sigaction(int sig, const struct sigaction* act, struct sigaction* old) {
  if (!g_real_sigaction) {
    g_real_sigaction = (int (*)(int, const struct sigaction*, struct sigaction*))dlsym(
        RTLD_NEXT, "sigaction");
  }
  if (sig != SIGSEGV || !g_mask) return g_real_sigaction(sig, act, old);
  if (old) *old = g_app_segv;
  if (act) g_app_segv = *act;
  return 0;
}

sighandler_t signal(int sig, sighandler_t handler) {
  struct sigaction act, old;
  memset(&act, 0, sizeof act);
  act.sa_handler = handler;
  act.sa_flags = SA_RESTART;
  sigemptyset(&act.sa_mask);
  if (sigaction(sig, &act, &old) != 0) return SIG_ERR;
  return old.sa_handler;
}

static void PrintStats(void) {
  fprintf(stderr, "cpuid_mask: %lu CPUIDs answered as %s\n", g_count, g_mask->name);
  for (int i = 0; i < kSites && g_sites[i].ip != 0; ++i) {
    Dl_info info;
    const int found = dladdr((void*)g_sites[i].ip, &info);
    fprintf(stderr, "cpuid_mask:   %lu from %s (%s+0x%lx)\n", g_sites[i].n,
            found && info.dli_sname ? info.dli_sname : "?",
            found && info.dli_fname ? info.dli_fname : "?",
            found ? (unsigned long)(g_sites[i].ip - (uintptr_t)info.dli_fbase) : 0ul);
  }
}

__attribute__((constructor)) static void Install(void) {
  const char* name = getenv("VLMXLA_CPUID_MASK");
  if (!name || !*name) return;
  for (size_t i = 0; i < sizeof kMasks / sizeof kMasks[0]; ++i) {
    if (strcmp(name, kMasks[i].name) == 0) g_mask = &kMasks[i];
  }
  if (!g_mask) {
    fprintf(stderr, "cpuid_mask: VLMXLA_CPUID_MASK=%s: known CPUs are x86-64-v3, cascadelake, "
                    "znver4\n", name);
    _exit(2);
  }
  g_real_sigaction = (int (*)(int, const struct sigaction*, struct sigaction*))dlsym(
      RTLD_NEXT, "sigaction");
  const char* stats = getenv("VLMXLA_CPUID_MASK_STATS");
  g_stats = stats && strcmp(stats, "1") == 0;
  if (g_stats) atexit(PrintStats);
  memset(&g_app_segv, 0, sizeof g_app_segv);
  g_app_segv.sa_handler = SIG_DFL;
  struct sigaction act;
  memset(&act, 0, sizeof act);
  act.sa_sigaction = OnSegv;
  act.sa_flags = SA_SIGINFO | SA_ONSTACK;
  sigemptyset(&act.sa_mask);
  if (g_real_sigaction(SIGSEGV, &act, NULL) != 0 || SetCpuidFaulting(1) != 0) {
    // Continuing would run on this CPU's full ISA while claiming the older one.
    fprintf(stderr, "cpuid_mask: unavailable: this kernel or CPU refuses CPUID faulting (%s); "
                    "no \"cpuid_fault\" in /proc/cpuinfo?\n", strerror(errno));
    _exit(2);
  }
}
