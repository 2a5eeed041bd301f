// SPDX-License-Identifier: GPL-2.0
/*
 * Plain-callers merge case, the entry unit: a system call hands its user
 * pointer to merge_status_fwd() (ioctl.c), which passes it on to
 * put_status() (callee.c); nobody checks it.
 */

#include <linux/module.h>
#include <linux/syscalls.h>
#include <linux/types.h>

#include "merge_plain.h"

SYSCALL_DEFINE1(uacheck_merge_status, u32 __user *, uarg)
{
	return merge_status_fwd(uarg);
}

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check merge case: unchecked callers that touch no user memory themselves");
