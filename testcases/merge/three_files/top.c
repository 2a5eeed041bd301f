// SPDX-License-Identifier: GPL-2.0
/*
 * Three-file merge case, the top unit: the system call checks both words
 * before put_pair() (middle.c) and put_word() (leaf.c, two calls down)
 * write them.  merge_region_put() opens a checked region around put_raw();
 * the second system call checks the pointer but opens no region.
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/syscalls.h>
#include <linux/types.h>
#include <linux/uaccess.h>

#include "merge_three.h"

SYSCALL_DEFINE1(uacheck_merge_pair, u32 __user *, uarg)
{
	if (!access_ok(uarg, 2 * sizeof(u32)))
		return -EFAULT;
	return put_pair(uarg);
}

int merge_region_put(u32 __user *uarg)
{
	int ret;

	if (!user_write_access_begin(uarg, sizeof(u32)))
		return -EFAULT;
	ret = put_raw(uarg, 1);
	user_write_access_end();
	return ret;
}

SYSCALL_DEFINE1(uacheck_merge_raw, u32 __user *, uarg)
{
	if (!access_ok(uarg, sizeof(u32)))
		return -EFAULT;
	return put_raw(uarg, 2);
}

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check merge case: a check two units and two calls away, and regions across units");
