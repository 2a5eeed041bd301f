// SPDX-License-Identifier: GPL-2.0
/*
 * Plain-callers merge case, the middle unit: neither function checks, opens
 * or accesses user memory with the unsafe accessors.  merge_ioctl() copies a
 * user structure in and passes the user pointer it holds to put_status()
 * (callee.c) without any access_ok(); merge_status_fwd() passes its own
 * parameter on and relies on its callers (entry.c).
 */

#include <linux/errno.h>
#include <linux/types.h>
#include <linux/uaccess.h>

#include "merge_plain.h"

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

int merge_status_fwd(u32 __user *p)
{
	return put_status(p, 2);
}
