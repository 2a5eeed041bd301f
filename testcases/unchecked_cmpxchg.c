// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: unsafe_try_cmpxchg_user() on an unchecked pointer
 * check-description: A futex-style compare-and-exchange in a region opened by __uaccess_begin() with no access_ok() on args->uaddr: the cmpxchg is unchecked.
 * check-level: 0
 *
 * check-output-start
unchecked_cmpxchg.c:31:14: warning: unsafe_try_cmpxchg_user() on 'args->uaddr' is not validated by access_ok() or a checking begin on every path [-Wuaccess-unchecked]
unchecked_cmpxchg.c:31:14: note: no check of 'args->uaddr' was found
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct lock_args {
	u32 __user *uaddr;
	u32 oldval;
	u32 newval;
};

int cmpxchg_lock(struct lock_args *args);
int cmpxchg_lock(struct lock_args *args)
{
	u32 old = args->oldval;
	int ret = 0;

	__uaccess_begin();
	if (!unsafe_try_cmpxchg_user(args->uaddr, &old, args->newval, efault))
		ret = -EAGAIN;
	user_access_end();
	return ret;
efault:
	user_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(cmpxchg_lock);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: unsafe_try_cmpxchg_user() on an unchecked pointer");
