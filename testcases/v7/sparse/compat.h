/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Included by ./sparse after kbuild's -include files (sparse reads every -include before the
 * source, in command-line order): MODULE_INFO() without the static_assert that sparse 0.6.4
 * cannot evaluate (sizeof(info) - 1 == __builtin_strlen(info)), otherwise as
 * include/linux/moduleparam.h of 7.2 defines it. Outside a kernel compile (kbuild's
 * checker-valid.sh probe) it is empty.
 */
#ifdef __KERNEL__
#include <linux/moduleparam.h>
#undef MODULE_INFO
#define MODULE_INFO(tag, info)						\
	static const char __UNIQUE_ID(modinfo)[]			\
		__used __section(".modinfo") __aligned(1)		\
		= __MODULE_INFO_PREFIX __stringify(tag) "=" info
#endif
