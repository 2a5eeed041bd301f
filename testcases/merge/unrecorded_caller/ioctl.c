// SPDX-License-Identifier: GPL-2.0
/*
 * Unrecorded-caller merge case, the calling unit: an ioctl-style handler
 * copies a user structure in and passes the user pointer it holds to
 * put_status() (callee.c) without any access_ok().  The handler itself
 * neither checks, opens nor accesses user memory with the unsafe accessors.
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

#include "merge_ioctl.h"

struct merge_ioctl_args {
	u32 __user *status;
};

long merge_ioctl(unsigned long arg)
{
	struct merge_ioctl_args a;

	if (copy_from_user(&a, (void __user *)arg, sizeof(a)))
		return -EFAULT;
	return put_status(a.status, 1);
}

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check merge case: an unchecked caller that records no facts");
