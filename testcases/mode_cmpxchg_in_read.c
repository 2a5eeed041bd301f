// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: unsafe_try_cmpxchg_user() in a read-only region
 * check-description: A compare-and-exchange reads and writes the word, so it needs a region opened for both; user_read_access_begin() only grants reads.
 * check-level: 0
 *
 * check-output-start
mode_cmpxchg_in_read.c:25:14: warning: unsafe_try_cmpxchg_user() reads and writes in a region opened for reading [-Wuaccess-mode]
mode_cmpxchg_in_read.c:23:14: note: region opened here
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

int try_claim(u32 __user *uaddr, u32 old, u32 new);
int try_claim(u32 __user *uaddr, u32 old, u32 new)
{
	int ret = 0;

	if (!user_read_access_begin(uaddr, sizeof(*uaddr)))
		return -EFAULT;
	if (!unsafe_try_cmpxchg_user(uaddr, &old, new, efault))
		ret = -EAGAIN;
	user_read_access_end();
	return ret;
efault:
	user_read_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(try_claim);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: unsafe_try_cmpxchg_user() in a read-only region");
