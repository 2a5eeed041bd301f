// SPDX-License-Identifier: GPL-2.0
/*
 * Two-file merge case, the checking unit: merge_checked_put() validates the
 * pointer with access_ok() before it calls put_result() in callee.c; the
 * system call passes its user pointer on without any check.
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/syscalls.h>
#include <linux/types.h>
#include <linux/uaccess.h>

#include "merge_two.h"

int merge_checked_put(u32 __user *uarg)
{
	if (!access_ok(uarg, sizeof(u32)))
		return -EFAULT;
	return put_result(uarg, 1);
}

SYSCALL_DEFINE1(uacheck_merge_put, u32 __user *, uarg)
{
	return put_result(uarg, 2);
}

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check merge case: a check in one unit, the access in another (caller.c + callee.c)");
