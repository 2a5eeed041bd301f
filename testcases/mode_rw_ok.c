// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: reads, writes and cmpxchg in a user_access_begin() region
 * check-description: user_access_begin() opens the region for reading and writing, so the get, the put and the cmpxchg on the same checked word are all allowed.
 * check-level: 0
 *
 * check-output-start
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

int update_word(u32 __user *uaddr, u32 add);
int update_word(u32 __user *uaddr, u32 add)
{
	u32 old;
	int ret = 0;

	if (!user_access_begin(uaddr, sizeof(*uaddr)))
		return -EFAULT;
	unsafe_get_user(old, uaddr, efault);
	if (!unsafe_try_cmpxchg_user(uaddr, &old, old + add, efault))
		ret = -EAGAIN;
	unsafe_put_user(old, uaddr, efault);
	user_access_end();
	return ret;
efault:
	user_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(update_word);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: reads, writes and cmpxchg in a user_access_begin() region");
