/*
 * Extra macro definitions for spatch (--macro-file), passed by `uaccess-check cocci`.
 * `make coccicheck` does not use them: the scripts work without, they just see fewer
 * functions (COMPAT_SYSCALL_DEFINEn bodies, e.g. waitid in kernel/exit.c, stay unparsed).
 */
#define SYSCALL_DEFINE0(func) asmlinkage unsigned long func(void)
#define COMPAT_SYSCALL_DEFINE0(func) asmlinkage unsigned long compat_sys_##func(void)
#define COMPAT_SYSCALL_DEFINE1(func, t1, a1) \
    asmlinkage unsigned long compat_sys_##func(t1 a1)
#define COMPAT_SYSCALL_DEFINE2(func, t1, a1, t2, a2) \
    asmlinkage unsigned long compat_sys_##func(t1 a1, t2 a2)
#define COMPAT_SYSCALL_DEFINE3(func, t1, a1, t2, a2, t3, a3) \
    asmlinkage unsigned long compat_sys_##func(t1 a1, t2 a2, t3 a3)
#define COMPAT_SYSCALL_DEFINE4(func, t1, a1, t2, a2, t3, a3, t4, a4) \
    asmlinkage unsigned long compat_sys_##func(t1 a1, t2 a2, t3 a3, t4 a4)
#define COMPAT_SYSCALL_DEFINE5(func, t1, a1, t2, a2, t3, a3, t4, a4, t5, a5) \
    asmlinkage unsigned long compat_sys_##func(t1 a1, t2 a2, t3 a3, t4 a4, t5 a5)
#define COMPAT_SYSCALL_DEFINE6(func, t1, a1, t2, a2, t3, a3, t4, a4, t5, a5, t6, a6) \
    asmlinkage unsigned long compat_sys_##func(t1 a1, t2 a2, t3 a3, t4 a4, t5 a5, t6 a6)
#define SYSCALL_DEFINE1(func, t1, a1) \
    asmlinkage unsigned long func(t1 a1)
#define SYSCALL_DEFINE2(func, t1, a1, t2, a2) \
    asmlinkage unsigned long func(t1 a1, t2 a2)
#define SYSCALL_DEFINE3(func, t1, a1, t2, a2, t3, a3) \
    asmlinkage unsigned long func(t1 a1, t2 a2, t3 a3)
#define SYSCALL_DEFINE4(func, t1, a1, t2, a2, t3, a3, t4, a4) \
    asmlinkage unsigned long func(t1 a1, t2 a2, t3 a3, t4 a4)
#define SYSCALL_DEFINE5(func, t1, a1, t2, a2, t3, a3, t4, a4, t5, a5) \
    asmlinkage unsigned long func(t1 a1, t2 a2, t3 a3, t4 a4, t5 a5)
#define SYSCALL_DEFINE6(func, t1, a1, t2, a2, t3, a3, t4, a4, t5, a5, t6, a6) \
    asmlinkage unsigned long func(t1 a1, t2 a2, t3 a3, t4 a4, t5 a5, t6 a6)
#define __no_kmsan_checks
#define notrace
/*
 * powerpc's sstep.c marks its memory helpers nokprobe_inline: unknown to spatch, it makes
 * every such definition unparsable (read_mem_aligned() and the other callers of the
 * unsafe helpers among them).
 */
#define nokprobe_inline inline
/* x86 futex.h: asm_inline volatile(...) inside a scope */
#define asm_inline asm

/*
 * Linux 7.x scoped user access (include/linux/uaccess.h): run-once for loops, i.e. iterators
 * to spatch.  Declared here so that brace-less scopes parse (without this spatch gives up on
 * "scoped_user_read_access_size(uea, nb, efault) return f(...);", arch/powerpc/lib/sstep.c);
 * the scripts still declare them as "iterator name" for make coccicheck, which passes no
 * macro file.
 */
#define scoped_user_read_access(uptr, elbl) YACFE_ITERATOR
#define scoped_user_write_access(uptr, elbl) YACFE_ITERATOR
#define scoped_user_rw_access(uptr, elbl) YACFE_ITERATOR
#define scoped_user_read_access_size(uptr, size, elbl) YACFE_ITERATOR
#define scoped_user_write_access_size(uptr, size, elbl) YACFE_ITERATOR
#define scoped_user_rw_access_size(uptr, size, elbl) YACFE_ITERATOR
/* cleanup.h guards (6.5 and later), around or next to the scopes (kernel/rseq.c) */
#define scoped_guard(_name, args...) YACFE_ITERATOR
#define scoped_cond_guard(_name, _fail, args...) YACFE_ITERATOR
