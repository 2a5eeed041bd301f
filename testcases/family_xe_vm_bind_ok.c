// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: __copy_from_user() of an ioctl's array of bind operations checked by access_ok()
 * check-description: The look-alike of family_xe_vm_bind.c with the check the contract asks for: access_ok() of the whole array, num_binds entries, before __copy_from_user(). (Upstream aef87a5fdb51 chose copy_from_user() instead, which checks by itself and is never a finding.)
 * check-level: 0
 *
 * check-output-start
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/types.h>
#include <linux/uaccess.h>

#define UC_MAX_BINDS	512

struct uc_vm_bind_op {
	u64 obj_offset;
	u64 range;
	u64 addr;
	u32 op;
	u32 flags;
};

struct uc_vm_bind_args {
	__u32 vm_id;
	__u32 num_binds;
	union {
		struct uc_vm_bind_op bind;
		__u64 vector_of_binds;
	};
};

static int uc_vm_bind_check_args(struct uc_vm_bind_args *args,
				 struct uc_vm_bind_op **bind_ops)
{
	u32 i;

	if (!args->num_binds || args->num_binds > UC_MAX_BINDS)
		return -EINVAL;

	if (args->num_binds > 1) {
		u64 __user *bind_user = u64_to_user_ptr(args->vector_of_binds);

		*bind_ops = kcalloc(args->num_binds, sizeof(**bind_ops),
				    GFP_KERNEL);
		if (!*bind_ops)
			return -ENOMEM;
		if (!access_ok(bind_user, sizeof(**bind_ops) * args->num_binds) ||
		    __copy_from_user(*bind_ops, bind_user,
				     sizeof(**bind_ops) * args->num_binds)) {
			kfree(*bind_ops);
			return -EFAULT;
		}
	} else {
		*bind_ops = &args->bind;
	}

	for (i = 0; i < args->num_binds; i++) {
		if ((*bind_ops)[i].range & 0xfff)
			goto einval;
	}
	return 0;
einval:
	if (*bind_ops != &args->bind)
		kfree(*bind_ops);
	return -EINVAL;
}

int uc_vm_bind_ok_ioctl(void *data);
int uc_vm_bind_ok_ioctl(void *data)
{
	struct uc_vm_bind_args *args = data;
	struct uc_vm_bind_op *bind_ops;
	int err;

	err = uc_vm_bind_check_args(args, &bind_ops);
	if (err)
		return err;
	if (bind_ops != &args->bind)
		kfree(bind_ops);
	return 0;
}
EXPORT_SYMBOL_GPL(uc_vm_bind_ok_ioctl);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: __copy_from_user() of an ioctl's array of bind operations checked by access_ok()");
